import type { AddressShell } from "./address-shell";
import { directoryShell } from "./directory";
import { searchShell } from "./search";

/** Every kept shell (decisions 059, 074): the page cache asks each, in turn, whether it serves an address. */
const SHELLS: readonly AddressShell[] = [searchShell, directoryShell];

/** The shell that serves `url` and the address of its kept page, or null: the page is rendered in full. */
export function shellServing(url: URL): { shell: AddressShell; shellUrl: URL } | null {
  for (const shell of SHELLS) {
    const shellUrl = shell.shellOf(url);
    if (shellUrl) return { shell, shellUrl };
  }
  return null;
}
