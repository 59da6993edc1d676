/** A value JSON carries unchanged: what `JSON.parse(JSON.stringify(value))` gives back equal. */
export type JsonValue = string | number | boolean | null | readonly JsonValue[] | { readonly [key: string]: JsonValue };

/**
 * `T` itself when every value in it is JSON, else a type `T` is not assignable to: a function, a `Date`, a `Map`, a
 * class instance with methods, a `bigint` or a field that is `undefined` (but optional) becomes `never` where it is.
 * Written as a mapped type rather than `T extends JsonValue` so that interfaces, which have no index signature, pass too.
 */
export type JsonOf<T> = T extends string | number | boolean | null
  ? T
  : T extends (...args: never[]) => unknown
    ? never
    : T extends readonly (infer Item)[]
      ? T extends readonly [unknown, ...unknown[]]
        ? { [Index in keyof T]: JsonOf<T[Index]> }
        : readonly JsonOf<Item>[]
      : T extends object
        ? { [Key in keyof T]: JsonOf<T[Key]> }
        : never;
