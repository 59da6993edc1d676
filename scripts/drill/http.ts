import http from "node:http";
import { readOutbox } from "../../tests/support/mail.ts";

/**
 * One HTTP request from `localAddress` (a loopback address of the visitor's own): the edge sees each visitor at its
 * own address, as it would see people on the internet, and passes it on (X-Forwarded-For); nothing the visitor writes
 * in that header is believed. A Response, like fetch's; redirects are not followed.
 */
async function send(url: URL, localAddress: string, method: string, headers: Headers, body: string | FormData | undefined): Promise<Response> {
  let payload: Buffer | undefined;
  if (body instanceof FormData) {
    // Encoded by the platform (boundary and all), sent as bytes.
    const encoded = new Request("http://encode.invalid/", { method: "POST", body });
    headers.set("Content-Type", encoded.headers.get("content-type")!);
    payload = Buffer.from(await encoded.arrayBuffer());
  } else if (typeof body === "string") payload = Buffer.from(body);
  if (payload) headers.set("Content-Length", String(payload.length));
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method, localAddress, headers: Object.fromEntries(headers), agent: false, timeout: 20_000 }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        const answer = new Headers();
        for (const [name, value] of Object.entries(response.headers)) {
          for (const one of Array.isArray(value) ? value : value === undefined ? [] : [value]) answer.append(name, one);
        }
        const status = response.statusCode ?? 0;
        const empty = status === 204 || status === 304 || method === "HEAD";
        resolve(new Response(empty ? null : Buffer.concat(chunks), { status, headers: answer }));
      });
    });
    request.on("timeout", () => request.destroy(new Error(`${method} ${url.pathname} took over 20 s`)));
    request.on("error", reject);
    request.end(payload);
  });
}

/** One visitor of the site: a cookie jar over fetch, every request through the edge (the site's public address). */
export class Visitor {
  private jar = new Map<string, string>();
  readonly site: string;
  /** The visitor's own loopback address, which its requests come from (per-address limits count each visitor apart). */
  readonly ip: string;
  constructor(site: string, ip: string) {
    this.site = site;
    this.ip = ip;
  }

  get cookie(): string {
    return [...this.jar].map(([name, value]) => `${name}=${value}`).join("; ");
  }

  get signedIn(): boolean {
    return [...this.jar.keys()].some((name) => name.endsWith("session_token"));
  }

  private remember(response: Response) {
    for (const line of response.headers.getSetCookie()) {
      const [pair] = line.split(";");
      const index = pair!.indexOf("=");
      const name = pair!.slice(0, index).trim();
      const value = pair!.slice(index + 1);
      if (/max-age=0/i.test(line) || value === "") this.jar.delete(name);
      else this.jar.set(name, value);
    }
  }

  async request(pathname: string, init: RequestInit = {}): Promise<Response> {
    const headers = new Headers(init.headers);
    if (this.jar.size) headers.set("Cookie", this.cookie);
    const response = await send(new URL(pathname, this.site), this.ip, init.method ?? "GET", headers, init.body as string | FormData | undefined);
    this.remember(response);
    return response;
  }

  get(pathname: string, headers: Record<string, string> = {}) {
    return this.request(pathname, { headers });
  }

  /** A form post as a browser without JavaScript sends it (urlencoded, with the site's Origin). */
  post(pathname: string, fields: Record<string, string>) {
    return this.request(pathname, {
      method: "POST",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: this.site },
      body: new URLSearchParams(fields).toString(),
    });
  }

  /** A multipart form post (forms with a file field). */
  postMultipart(pathname: string, fields: Record<string, string>) {
    const body = new FormData();
    for (const [name, value] of Object.entries(fields)) body.append(name, value);
    return this.request(pathname, { method: "POST", headers: { Origin: this.site }, body });
  }

  /**
   * Signs up through the site's form and follows the confirmation link from whichever instance's outbox has it
   * (each instance delivers to its own DATA_DIR/outbox): signed in afterwards.
   */
  async signUp(name: string, email: string, password: string, dataDirs: string[]): Promise<void> {
    const signUp = await this.post("/auth", { intent: "signup", from: "dialog", name, email, password, confirmPassword: password });
    if (signUp.status !== 201) throw new Error(`sign-up answered ${signUp.status}: ${(await signUp.text()).slice(0, 300)}`);
    const link = await confirmationLink(email, dataDirs);
    const confirmed = await this.get(link.pathname + link.search);
    if (!this.signedIn) throw new Error(`confirming ${email} did not sign in: ${confirmed.status} ${confirmed.headers.get("location") ?? ""}`);
  }
}

async function confirmationLink(email: string, dataDirs: string[]): Promise<URL> {
  const deadline = Date.now() + 20_000;
  while (Date.now() < deadline) {
    for (const dir of dataDirs) {
      for (const message of readOutbox(dir).reverse()) {
        if (!message.to.includes(email)) continue;
        const link = message.text.match(/https?:\/\/\S+\/auth\/verify-email\S*/)?.[0];
        if (link) return new URL(link);
      }
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`no confirmation mail to ${email} within 20 s`);
}

/** React's text-node markers and common entities out, so a page can be searched for what a visitor reads. */
export const readable = (html: string) => html.replaceAll("<!-- -->", "").replaceAll("&#x27;", "'").replaceAll("&quot;", '"').replaceAll("&amp;", "&").replaceAll("&#39;", "'");

/** Whether the edge answered from its cache (Varnish's X-Varnish names two transactions on a hit). */
export const edgeHit = (response: Response) => (response.headers.get("x-varnish") ?? "").trim().split(/\s+/).length === 2;

const attribute = (tag: string, name: string) => tag.match(new RegExp(`\\s${name}="([^"]*)"`))?.[1];
const unescape = (value: string) =>
  value.replaceAll("&quot;", '"').replaceAll("&#x27;", "'").replaceAll("&#39;", "'").replaceAll("&lt;", "<").replaceAll("&gt;", ">").replaceAll("&amp;", "&");

/**
 * The fields a browser would send from the form in `html` that holds `marker` (e.g. `value="save"`): inputs (checked
 * boxes and radios only), selected options, textareas. Enough for the site's own server-rendered forms.
 */
export function formFields(html: string, marker: string): Record<string, string> {
  const form = [...html.matchAll(/<form\b[\s\S]*?<\/form>/g)].map((match) => match[0]).find((candidate) => candidate.includes(marker));
  if (!form) throw new Error(`no form with ${marker} on the page`);
  const fields: Record<string, string> = {};
  for (const [tag] of form.matchAll(/<input\b[^>]*>/g)) {
    const name = attribute(tag, "name");
    const type = attribute(tag, "type") ?? "text";
    if (!name || type === "submit" || type === "button" || type === "file") continue;
    if ((type === "checkbox" || type === "radio") && !/\schecked(=|\s|>|\/)/.test(tag)) continue;
    fields[name] = unescape(attribute(tag, "value") ?? (type === "checkbox" ? "on" : ""));
  }
  for (const [, open, body] of form.matchAll(/<select\b([^>]*)>([\s\S]*?)<\/select>/g)) {
    const name = attribute(open!, "name");
    if (!name) continue;
    const options = [...body!.matchAll(/<option\b([^>]*)>([\s\S]*?)<\/option>/g)];
    const chosen = options.find(([, attrs]) => /\sselected(=|\s|$)/.test(attrs!)) ?? options[0];
    if (chosen) fields[name] = unescape(attribute(chosen[1]!, "value") ?? chosen[2]!);
  }
  for (const [, open, body] of form.matchAll(/<textarea\b([^>]*)>([\s\S]*?)<\/textarea>/g)) {
    const name = attribute(open!, "name");
    if (name) fields[name] = unescape(body!.replace(/^\n/, ""));
  }
  return fields;
}
