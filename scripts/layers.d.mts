/** A layer of a package: its name, and the paths inside the package's `src/` it holds (a folder ends with `/`). */
export interface Layer {
  name: string;
  holds: string[];
}
/** Each package's layers, top to bottom (scripts/layers.mjs). */
export declare const LAYERS: Record<string, Layer[]>;
/** The imports that run back up today, `from -> to`, by package: a list that only shrinks. */
export declare const KNOWN_UPWARD: Record<string, string[]>;
/** The workspace packages each package's sources may import. */
export declare const PACKAGE_IMPORTS: Record<string, string[]>;
/** Every import that runs back up, and what else is wrong with the tables; per package, its imports and upward ones. */
export declare function checkLayers(
  root: string,
  tables?: {
    layers?: Record<string, Layer[]>;
    known?: Record<string, string[]>;
    packageImports?: Record<string, string[]>;
  },
): { problems: string[]; packages: Record<string, { imports: number; upward: string[] }> };
