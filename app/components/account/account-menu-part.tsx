import { personalPart } from "~/components/personal/personal-part";
import { usePersonalData } from "~/components/personal/personal-data";
import { UserMenu } from "./user-menu";

/** The header's account control, a personal part: Sign In, or the reader's menu. */
export const AccountMenuPart = personalPart("account-menu", function AccountMenu() {
  return <UserMenu viewer={usePersonalData().viewer} />;
});
