import { addressPart } from "~/components/personal/personal-part";
import { useCurrentAddress } from "./current-address";

/** A form's way back to this page (`redirectTo`), an address part: the theme switch's, on every page. */
export const ReturnAddressPart = addressPart("return-address", function ReturnAddress() {
  return <input type="hidden" name="redirectTo" value={useCurrentAddress()} />;
});
