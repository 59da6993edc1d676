import { postForm } from "./forms";
import { showMessage, showToast } from "./toast";

/** Each field's error line as the answering page printed it (form-parts.tsx: `<id>-error`), by field name. */
function fieldErrors(reply: Element): Map<string, string> {
  const errors = new Map<string, string>();
  for (const input of reply.querySelectorAll<HTMLInputElement>("input[aria-invalid='true']")) {
    const line = reply.querySelector(`[id="${input.id}-error"]`);
    if (line?.textContent) errors.set(input.name, line.textContent);
  }
  return errors;
}

/** Our form shows the answer's field errors and its alert, keeping what was typed. */
function showRefusal(form: HTMLFormElement, reply: Element) {
  const errors = fieldErrors(reply);
  for (const input of form.querySelectorAll<HTMLInputElement>("input[name][id]")) {
    form.querySelector(`[id="${input.id}-error"]`)?.remove();
    const error = errors.get(input.name);
    if (!error) {
      input.removeAttribute("aria-invalid");
      input.removeAttribute("aria-describedby");
      continue;
    }
    const line = document.createElement("p");
    line.id = `${input.id}-error`;
    line.className = "text-sm font-medium text-destructive";
    line.textContent = error;
    input.setAttribute("aria-invalid", "true");
    input.setAttribute("aria-describedby", line.id);
    input.after(line);
  }
  const alert = form.querySelector<HTMLElement>("[role='alert']");
  const answer = reply.querySelector("[role='alert']");
  if (alert && answer) {
    alert.replaceChildren(...[...answer.childNodes].map((node) => document.importNode(node, true)));
    alert.hidden = false;
  }
  const title = answer?.querySelector("span")?.textContent;
  if (title) showToast({ title, description: answer!.textContent!.slice(title.length).replace(/^:\s*/, "") || undefined, variant: "destructive" });
}

/**
 * A newsletter box (newsletter-form.tsx) answers in place: the same post the browser makes without JavaScript,
 * whose /newsletter page holds the answer in its `data-newsletter-reply` box. Spec part 2: an email empty after
 * trimming is refused before anything is sent; the button says 'Subscribing...' while the post is on its way.
 */
export function enhanceNewsletter(form: HTMLFormElement) {
  const button = form.querySelector<HTMLButtonElement>("button[type='submit']");
  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (String(new FormData(form).get("email") ?? "").trim() === "") return showMessage("emailRequired");
    if (button) [button.disabled, button.textContent] = [true, "Subscribing..."];
    try {
      const page = await postForm(form);
      if (!page) return;
      const reply = page.querySelector("[data-newsletter-reply]");
      if (!reply) throw new Error("no answer on the page");
      if (reply.matches("form")) return showRefusal(form, reply);
      const thanks = document.importNode(reply, true) as HTMLElement;
      thanks.removeAttribute("data-newsletter-reply");
      form.replaceWith(thanks);
      showMessage("subscribed");
    } catch {
      showMessage("subscribeFailed");
    } finally {
      if (button) [button.disabled, button.textContent] = [false, "Subscribe"];
    }
  });
}
