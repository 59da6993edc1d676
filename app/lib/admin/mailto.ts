/**
 * A reply link to a stored address (RFC 6068). Every part is percent-encoded, so an address or subject can never
 * add a header of its own (`?bcc=`, `&body=`) or break out of the link; the subject gets one "Re: ".
 */
export function replySubject(subject: string): string {
  return /^re:/i.test(subject.trim()) ? subject.trim() : `Re: ${subject.trim()}`;
}

export function mailtoHref(address: string, { subject, body }: { subject: string; body?: string }): string {
  // "@" is the one character an address needs as it is; everything else that is not plain is escaped.
  const to = encodeURIComponent(address).replace(/%40/g, "@");
  const query = [`subject=${encodeURIComponent(subject)}`, ...(body ? [`body=${encodeURIComponent(body)}`] : [])].join("&");
  return `mailto:${to}?${query}`;
}

/** The quoted original under a reply, cut short so the link stays within what mail clients accept. */
export function quotedReply({ name, sentAt, message }: { name: string; sentAt: string; message: string }, limit = 1500): string {
  const text = message.length > limit ? `${message.slice(0, limit).trimEnd()}…` : message;
  return `\n\nOn ${sentAt}, ${name} wrote:\n${text
    .split(/\r?\n/)
    .map((line) => `> ${line}`)
    .join("\n")}`;
}
