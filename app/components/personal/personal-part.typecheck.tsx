/**
 * The type check's test of the parts' contract (decision 066): `npx tsc` fails if a line marked `@ts-expect-error`
 * compiles, so each one below is a part the contract must refuse. Never imported: a part's props travel in the page as
 * JSON, and these would not come back as they went.
 */
import { addressPart, personalPart } from "./personal-part";

interface Summary {
  ratingCount: number;
  distribution: [number, number, number, number, number];
}
class Price {
  constructor(readonly amount: number) {}
  label() {
    return `$${this.amount}`;
  }
}

// Accepted: no props, JSON values, an interface of JSON values, optional fields, nested arrays and tuples.
export const Accepted = [
  personalPart("no-props", function NoProps() {
    return null;
  }),
  personalPart("json-props", function JsonProps({ slug }: { slug: string; page?: number; tags: string[]; summary: Summary; price: { amount: number } | null }) {
    return slug;
  }),
  addressPart("address-json", function AddressJson({ id }: { id: string; className?: string }) {
    return id;
  }),
];

export const Refused = [
  // @ts-expect-error a function is no JSON
  personalPart("callback", function Callback({ onSave }: { onSave: () => void }) {
    return String(onSave);
  }),
  // @ts-expect-error a Date comes back a string
  personalPart("date", function WithDate({ at }: { at: Date }) {
    return at.toISOString();
  }),
  // @ts-expect-error a class instance comes back without its methods
  personalPart("instance", function WithInstance({ price }: { price: Price }) {
    return price.label();
  }),
  // @ts-expect-error a Map comes back an empty object
  personalPart("map", function WithMap({ counts }: { counts: Map<string, number> }) {
    return counts.size;
  }),
  // @ts-expect-error a field that may be undefined without being optional
  personalPart("undefined", function WithUndefined({ note }: { note: string | undefined }) {
    return note;
  }),
  // @ts-expect-error a bigint has no JSON at all
  addressPart("bigint", function WithBigint({ count }: { count: bigint }) {
    return String(count);
  }),
];
