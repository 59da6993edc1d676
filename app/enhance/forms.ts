/**
 * Posts a form exactly as the browser does without JavaScript (same action, same fields, redirects followed)
 * and returns the page that answers, so the script can show its reply in place. An answer that is another page
 * than the form's or this one (the sign-in page, for a session that has ended) is opened instead, and null returned.
 */
export async function postForm(form: HTMLFormElement): Promise<Document | null> {
  const body = new URLSearchParams();
  for (const [name, value] of new FormData(form)) if (typeof value === "string") body.append(name, value);
  const response = await fetch(form.action, { method: "POST", body, credentials: "same-origin" });
  const answered = new URL(response.url);
  if (answered.pathname !== new URL(form.action).pathname && answered.pathname !== location.pathname) {
    location.assign(response.url);
    return null;
  }
  return new DOMParser().parseFromString(await response.text(), "text/html");
}

/** A page's flash message (root.tsx prints it in a reading page), as a toast. */
export function flashOf(page: Document) {
  const flash = page.querySelector("[data-flash] p");
  const title = flash?.querySelector("strong")?.textContent ?? "";
  if (!flash || !title) return null;
  return { title, description: flash.textContent?.slice(title.length).trim() || undefined };
}
