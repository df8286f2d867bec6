// nextstep-plist ships no types.
declare module 'nextstep-plist' {
  export function parse(text: string): unknown;
  export function stringify(value: unknown): string;
}
