import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

/**
 * A throwaway certificate for an https fixture server on 127.0.0.1, made with openssl (on every Debian machine and
 * CI image). The fetcher under test trusts it through its test-only `ca` hook (decision 031), never the process.
 */
export function selfSignedCertificate(names: string[] = []): { key: string; cert: string } {
  const dir = mkdtempSync(path.join(os.tmpdir(), "self-signed-"));
  try {
    const [key, cert] = [path.join(dir, "key.pem"), path.join(dir, "cert.pem")];
    execFileSync(
      "openssl",
      ["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=127.0.0.1"].concat([
        "-addext",
        // Host names too, for a fixture the fetcher reaches by name through its test resolver (the claim tests').
        `subjectAltName=${["IP:127.0.0.1", ...names.map((name) => `DNS:${name}`)].join(",")}`,
        "-keyout",
        key,
        "-out",
        cert,
      ]),
      { stdio: "ignore" },
    );
    return { key: readFileSync(key, "utf8"), cert: readFileSync(cert, "utf8") };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
