import { createSocket, type Socket } from "node:dgram";
import type { AddressInfo } from "node:net";

/**
 * A tiny authoritative DNS server on 127.0.0.1 for the claim tests (issue 45): it answers TXT questions from a table
 * the test fills (`records.set("example.test", ["atlas-verification=..."])`) and every other question with no
 * answers, over UDP as RFC 1035 §4 lays the message out. Enough for node:dns's Resolver, which the app is pointed at
 * through CLAIM_DNS_SERVERS; nothing else.
 */
export type DnsServer = { address: string; records: Map<string, string[]>; questions: string[]; close: () => Promise<void> };

const TXT = 16;

function readName(message: Buffer, start: number): { name: string; end: number } {
  const labels: string[] = [];
  let offset = start;
  while (message[offset]! > 0) {
    const length = message[offset]!;
    labels.push(message.subarray(offset + 1, offset + 1 + length).toString("latin1"));
    offset += length + 1;
  }
  return { name: labels.join(".").toLowerCase(), end: offset + 1 };
}

function answer(query: Buffer, records: Map<string, string[]>, questions: string[]): Buffer {
  const { name, end } = readName(query, 12);
  const type = query.readUInt16BE(end);
  questions.push(`${name} ${type}`);
  const values = type === TXT ? (records.get(name) ?? []) : [];
  const header = Buffer.alloc(12);
  query.copy(header, 0, 0, 2); // the id
  header.writeUInt16BE(0x8400 | (query.readUInt16BE(2) & 0x0100) | (records.has(name) ? 0 : 3), 2); // response, authoritative, RD echoed; NXDOMAIN for unknown names
  header.writeUInt16BE(1, 4);
  header.writeUInt16BE(values.length, 6);
  const question = query.subarray(12, end + 4);
  const answers = values.map((value) => {
    const text = Buffer.from(value, "utf8");
    // One character-string per 255 bytes, as long TXT values are sent.
    const chunks: Buffer[] = [];
    for (let offset = 0; offset < text.length || offset === 0; offset += 255) {
      const part = text.subarray(offset, offset + 255);
      chunks.push(Buffer.from([part.length]), part);
      if (text.length === 0) break;
    }
    const data = Buffer.concat(chunks);
    const fixed = Buffer.alloc(12);
    fixed.writeUInt16BE(0xc00c, 0); // the question's name
    fixed.writeUInt16BE(TXT, 2);
    fixed.writeUInt16BE(1, 4);
    fixed.writeUInt32BE(60, 6);
    fixed.writeUInt16BE(data.length, 10);
    return Buffer.concat([fixed, data]);
  });
  return Buffer.concat([header, question, ...answers]);
}

export async function startDnsServer(): Promise<DnsServer> {
  const records = new Map<string, string[]>();
  const questions: string[] = [];
  const socket: Socket = createSocket("udp4");
  socket.on("message", (message, remote) => {
    try {
      socket.send(answer(message, records, questions), remote.port, remote.address);
    } catch {
      // A message this server cannot read goes unanswered, as a real one's would be refused.
    }
  });
  await new Promise<void>((resolve) => socket.bind(0, "127.0.0.1", resolve));
  const { port } = socket.address() as AddressInfo;
  return { address: `127.0.0.1:${port}`, records, questions, close: () => new Promise<void>((resolve) => socket.close(() => resolve())) };
}
