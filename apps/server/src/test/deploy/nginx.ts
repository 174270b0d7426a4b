import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { LocalCertificates } from './local-certificates.ts';

export interface NginxSettings {
  /** The folder nginx works in: its configuration, logs, pid and temporary files. */
  folder: string;
  /** The loopback port that answers https. */
  port: number;
  /** The instances' loopback ports. */
  upstreamPorts: readonly number[];
  certificates: LocalCertificates;
}

/**
 * An nginx configuration that ends TLS on 127.0.0.1:`port` and balances the instances round
 * robin. It passes the browser's `Host` (PUBLIC_URL's host must match it, or the server moves the
 * page there) and says the scheme and the client in `X-Forwarded-*`, which the instances believe
 * from 127.0.0.1 alone (TRUST_PROXY). A request whose instance refuses the connection (stopped)
 * goes to the other one; a request already sent is never sent twice (no `non_idempotent`). Bodies
 * are streamed both ways, so the workers (nobody, when started as root) write no temporary file.
 * The access log names the instance that answered each request (`upstream=`). `/metrics` is not
 * passed: each instance is scraped on its own address (docs/operations.md, "Metrics").
 */
export function nginxConfiguration(settings: NginxSettings): string {
  const { folder, port, upstreamPorts, certificates } = settings;
  const temp = (name: string) => path.join(folder, 'temp', name);
  return `daemon off;
worker_processes 1;
pid ${path.join(folder, 'nginx.pid')};
error_log ${path.join(folder, 'nginx-error.log')} warn;
events { worker_connections 512; }
http {
  log_format upstreams '$request_method $uri $status upstream=$upstream_addr';
  access_log ${path.join(folder, 'nginx-access.log')} upstreams;
  client_body_temp_path ${temp('client-body')};
  proxy_temp_path ${temp('proxy')};
  fastcgi_temp_path ${temp('fastcgi')};
  uwsgi_temp_path ${temp('uwsgi')};
  scgi_temp_path ${temp('scgi')};
  upstream portal {
${upstreamPorts.map((each) => `    server 127.0.0.1:${each} max_fails=1 fail_timeout=5s;`).join('\n')}
  }
  server {
    listen 127.0.0.1:${port} ssl;
    server_name localhost;
    ssl_certificate ${certificates.certificateFile};
    ssl_certificate_key ${certificates.keyFile};
    ssl_protocols TLSv1.2 TLSv1.3;
    client_max_body_size 50m;
    client_body_buffer_size 1m;
    proxy_request_buffering off;
    proxy_max_temp_file_size 0;
    # Each instance is scraped on its own address, never through the proxy.
    location = /metrics { return 404; }
    location / {
      proxy_pass http://portal;
      proxy_http_version 1.1;
      proxy_set_header Connection "";
      proxy_set_header Host $http_host;
      proxy_set_header X-Forwarded-Host $http_host;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_next_upstream error timeout http_502;
      proxy_next_upstream_tries ${upstreamPorts.length};
      proxy_connect_timeout 5s;
    }
  }
}
`;
}

/** Debian's nginx (in /usr/sbin, which a user's PATH may lack), else the PATH's. */
export function nginxBinary(): string {
  return existsSync('/usr/sbin/nginx') ? '/usr/sbin/nginx' : 'nginx';
}

export interface RunningNginx {
  pid: number;
  /** The access log's lines so far. */
  accessLog(): string[];
  /** What nginx wrote to its error log and standard error, for a failure's message. */
  output(): string;
  /** SIGQUIT (graceful) to its own pid, SIGKILL after 10 s, and waits for it to exit. */
  stop(): Promise<void>;
  exited: Promise<number | null>;
}

/** Starts Debian's nginx in the foreground on its own configuration and prefix (never the system's). */
export function startNginx(settings: NginxSettings, binary = nginxBinary()): RunningNginx {
  const { folder } = settings;
  for (const name of ['client-body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(folder, 'temp', name), { recursive: true });
  }
  const configuration = path.join(folder, 'nginx.conf');
  writeFileSync(configuration, nginxConfiguration(settings));
  const errorLog = path.join(folder, 'nginx-error.log');
  writeFileSync(path.join(folder, 'nginx-access.log'), '');
  // -e: the error log before the configuration is read (else /var/log/nginx/error.log).
  const child = spawn(binary, ['-p', folder, '-c', configuration, '-e', errorLog], {
    stdio: ['ignore', 'ignore', 'pipe'],
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString('utf8');
  });
  const exited = new Promise<number | null>((resolve) => {
    child.once('exit', resolve);
    child.once('error', (error) => {
      stderr += `${String(error)}\n`;
      resolve(null);
    });
  });
  const pid = child.pid ?? 0;
  const read = (file: string) => {
    try {
      return readFileSync(file, 'utf8');
    } catch {
      return '';
    }
  };
  return {
    pid,
    accessLog: () => read(path.join(folder, 'nginx-access.log')).split('\n').filter(Boolean),
    output: () => `${stderr}${read(errorLog)}`,
    exited,
    async stop() {
      if (child.exitCode !== null || child.signalCode !== null || pid === 0) return;
      // A terminal's Ctrl-C reaches nginx too (one process group): it may be gone already.
      const signal = (name: NodeJS.Signals) => {
        try {
          process.kill(pid, name);
        } catch {
          // already exited
        }
      };
      signal('SIGQUIT');
      const timer = setTimeout(() => {
        if (child.exitCode === null && child.signalCode === null) signal('SIGKILL');
      }, 10_000);
      await exited;
      clearTimeout(timer);
    },
  };
}
