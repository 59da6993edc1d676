import { spawn, spawnSync, type ChildProcess } from "node:child_process";
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import net from "node:net";
import path from "node:path";

/** Debian's nginx, when installed (`npm test` installs nginx-light when it can). */
export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((file) => existsSync(file));

type Options = {
  port: number;
  /** The app processes behind it, as host:port. */
  upstreams: string[];
  /** Terminate TLS with this certificate and key (PEM files). */
  tls?: { certificate: string; key: string };
};

/**
 * nginx in front of the app with the proxy settings docs/DEPLOY.md recommends, in its own work directory
 * (it needs no root and writes nothing elsewhere). It appends to X-Forwarded-For rather than replacing it,
 * so a test can play many clients from one machine. Resolves once it accepts connections.
 */
export async function startNginx(work: string, { port, upstreams, tls }: Options): Promise<ChildProcess> {
  if (!NGINX) throw new Error("nginx is not installed");
  const conf = path.join(work, "nginx.conf");
  for (const dir of ["body", "proxy", "fastcgi", "uwsgi", "scgi"]) mkdirSync(path.join(work, dir), { recursive: true });
  writeFileSync(
    conf,
    `pid ${work}/nginx.pid;
error_log ${work}/nginx-error.log warn;
daemon off;
worker_processes 1;
events {}
http {
  access_log off;
  client_body_temp_path ${work}/body; proxy_temp_path ${work}/proxy; fastcgi_temp_path ${work}/fastcgi; uwsgi_temp_path ${work}/uwsgi; scgi_temp_path ${work}/scgi;
  upstream app { ${upstreams.map((upstream) => `server ${upstream};`).join(" ")} keepalive 8; keepalive_timeout 4s; }
  server {
    listen 127.0.0.1:${port}${tls ? " ssl" : ""};
    ${tls ? `ssl_certificate ${tls.certificate}; ssl_certificate_key ${tls.key};` : ""}
    client_max_body_size 20m;
    location / {
      proxy_pass http://app;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
    }
  }
}
`,
  );
  const check = spawnSync(NGINX, ["-t", "-c", conf, "-p", work], { encoding: "utf8" });
  if (check.status !== 0) throw new Error(`nginx refused its configuration:\n${check.stderr}`);
  const child = spawn(NGINX, ["-c", conf, "-p", work], { stdio: "ignore" });
  for (let attempt = 0; attempt < 100; attempt++) {
    const listening = await new Promise<boolean>((resolve) => {
      const probe = net.connect(port, "127.0.0.1", () => (probe.destroy(), resolve(true)));
      probe.once("error", () => resolve(false));
    });
    if (listening) return child;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.kill();
  throw new Error(`nginx did not listen on ${port}`);
}
