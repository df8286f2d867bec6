/**
 * The types of typed keys (docs/ota.md#typed-keys), from the `LocKeys` that `loc export --types` generates
 * from the project's source strings: `createOtaClient<LocKeys>()` types `ota.t(key, locale?)` (a key that
 * does not exist, or one whose text needs values, fails to compile), and `typedT(ota)` (./typed-t.ts) is
 * the `t()` of every key with the values it needs: a plural's `count`, i18next's `context` and ordinals
 * (`{ count, ordinal: true }`). Without a type argument `ota.t()` takes any key, as it always did. A call
 * of typedT's `t()` only looks its own key up: nothing is made for every key of `LocKeys`.
 */

/** A placeholder's value: a text, or a number shown as `String(n)`. */
export type OtaValue = string | number;

/**
 * The values of one call: placeholder name → value; `count` picks a plural's form, `ordinal: true` an
 * ordinal plural's (`place_ordinal_two`), `context` a context's key (`friend_male`).
 */
export type OtaValues = Readonly<Record<string, OtaValue | boolean | undefined>>;

/** The keys of `Keys` as strings. */
type KeyOf<Keys> = keyof Keys & string;

/** What a call of a key without placeholders may pass: no context, no ordinal (it has neither). */
type AsItself = { context?: undefined; ordinal?: false };

// Each type of TypedT looks one call's key up (`[Key] extends […]`, not distributed over a union of
// keys): nothing is made for every key of `Keys`, and a call that fits the first overload, as most do,
// costs what it did before contexts and ordinals (bench "Typed keys", docs/benchmarks.md). Nothing in the
// first overload depends on the key's name either: tsc evaluates it once with every key at once, and a
// check of the name there (is it `…_ordinal`?) cost ~15 % of the compile at the scale seed's 10,000 keys.

/**
 * The arguments after the key: values required when the key's text has placeholders (or is a plural). A
 * key without placeholders (`{}`) takes no values but to say it has no context and no ordinal; keys typed
 * by an index signature (`Record<string, …>`) take what it says.
 */
// biome-ignore lint/complexity/noBannedTypes: `{}` is what a key without placeholders takes.
type ArgsOf<Values> = {} extends Values
  ? [values?: [keyof Values] extends [never] ? AsItself : Values, locale?: string]
  : [values: Values, locale?: string];

/** What a call of `Key` without values lacks: its values, the ordinal's, or being a key. */
type Needed<Keys, Key extends string> = [Key] extends [keyof Keys]
  ? Keys[Key]
  : [`${Key}_ordinal`] extends [infer Forms extends keyof Keys]
    ? Keys[Forms] & { ordinal: true }
    : 'to be a key';

/** The values of an ordinal call of `Key` (`place`): those of its forms (`place_ordinal`), and `ordinal: true`. */
type OrdinalValues<Keys, Key extends string> = [`${Key}_ordinal`] extends [infer Forms extends keyof Keys]
  ? Keys[Forms] & { ordinal: true; context?: undefined }
  : { ordinal: `${Key} has no ordinal forms (${Key}_ordinal_one, ${Key}_ordinal_other, …)` };

/**
 * The values of a call of `Key` in `Context`, as i18next reads it (`friend` with `context: 'male'`: the key
 * `friend_male`): those its context key's text needs, and the context.
 */
type ContextValues<Keys, Key extends string, Context extends string> = [`${Key}_${Context}`] extends [
  infer Full extends keyof Keys,
]
  ? Keys[Full] & { context: Context; ordinal?: false }
  : { context: `${Key} has no context ${Context} (no key ${Key}_${Context})` };

/**
 * `ota.t()`: any key without typed keys; with them, the keys whose text needs no value (a wrong key's
 * error lists them: the type is written out, not named).
 */
export type OtaT<Keys> = [Keys] extends [never]
  ? (key: string, locale?: string) => string
  : (
      // biome-ignore lint/complexity/noBannedTypes: `{}` is what a key without placeholders takes.
      key: { [Key in KeyOf<Keys>]: {} extends Keys[Key] ? Key : never }[KeyOf<Keys>],
      locale?: string,
    ) => string;

/**
 * The `t()` of `typedT`. With typed keys (`Keys`: each key with the values its text needs), three
 * overloads: a key as itself, with the values its text needs (most calls: as cheap to check as before);
 * an ordinal (`{ count, ordinal: true }`) or a context (`{ context, … }`), as i18next reads them; and one
 * that no call fits, which a call without the values it needs meets, so that its error names the key and
 * what it needs. Three, so that tsc shows each one's error: every wrong call's error names its key.
 * Without typed keys, any key, any values.
 */
export type TypedT<Keys> = [Keys] extends [never]
  ? (key: string, values?: OtaValues, locale?: string) => string
  : {
      <Key extends keyof Keys & string>(key: Key, ...args: ArgsOf<Keys[Key]>): string;
      <Key extends string, Context extends string>(
        key: Key,
        values: OrdinalValues<Keys, Key> | ContextValues<Keys, Key, Context>,
        locale?: string,
      ): string;
      <Key extends string>(key: Key & { [_ in `${Key} needs`]: Needed<Keys, Key> }): string;
    };
