import { createServer, type Server, type Socket } from 'node:net';

/** An SMTP server that takes every mail (no TLS, no AUTH) and keeps its recipients and text. */
export interface MailSink {
  url: string;
  mails: { to: string[]; data: string }[];
  close(): Promise<void>;
}

export async function startMailSink(): Promise<MailSink> {
  const mails: MailSink['mails'] = [];
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    socket.setEncoding('utf8');
    let pending = '';
    let to: string[] = [];
    let data: string[] | undefined;
    socket.write('220 sink ESMTP\r\n');
    socket.on('data', (chunk: string) => {
      pending += chunk;
      let end: number;
      while ((end = pending.indexOf('\r\n')) >= 0) {
        const line = pending.slice(0, end);
        pending = pending.slice(end + 2);
        if (data) {
          if (line !== '.') {
            data.push(line);
            continue;
          }
          mails.push({ to, data: data.join('\n') });
          [to, data] = [[], undefined];
          socket.write('250 queued\r\n');
          continue;
        }
        switch (line.slice(0, 4).toUpperCase()) {
          case 'EHLO':
            socket.write('250-sink\r\n250 8BITMIME\r\n');
            break;
          case 'RCPT':
            to.push(line.slice('RCPT TO:'.length));
            socket.write('250 OK\r\n');
            break;
          case 'DATA':
            data = [];
            socket.write('354 go on\r\n');
            break;
          case 'QUIT':
            socket.end('221 bye\r\n');
            break;
          default:
            socket.write('250 OK\r\n');
        }
      }
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return {
    url: `smtp://127.0.0.1:${address.port}`,
    mails,
    async close() {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
