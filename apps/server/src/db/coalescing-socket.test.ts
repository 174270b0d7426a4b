import net from 'node:net';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { coalescingSocket } from './coalescing-socket.ts';

describe('coalescingSocket', () => {
  let server: net.Server | undefined;
  const sockets: net.Socket[] = [];
  // Whatever a failed expectation left open is closed, so the server can close too.
  afterEach(async () => {
    for (const socket of sockets.splice(0)) socket.destroy();
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    server = undefined;
  });

  /** A loopback server that collects what it receives, and a coalescing socket connected to it. */
  async function connected() {
    const received: Buffer[] = [];
    const ended = new Promise<void>((resolve) => {
      server = net.createServer((connection) => {
        sockets.push(connection);
        connection.on('data', (chunk: Buffer) => received.push(chunk));
        connection.on('end', () => {
          connection.end();
          resolve();
        });
      });
    });
    await new Promise<void>((resolve) => server?.listen(0, '127.0.0.1', resolve));
    const { port } = server?.address() as net.AddressInfo;
    const socket = coalescingSocket();
    sockets.push(socket);
    await new Promise<void>((resolve) => socket.connect(port, '127.0.0.1', resolve));
    return { socket, received, ended };
  }

  it('sends the writes of one tick in one system call, in order', async () => {
    const { socket, received, ended } = await connected();
    const single = vi.spyOn(socket as unknown as { _write: () => void }, '_write');
    const gathered = vi.spyOn(socket as unknown as { _writev: () => void }, '_writev');
    socket.write('Bind;');
    socket.write(Buffer.from('Describe;'));
    socket.write('Execute;');
    socket.write('Sync;');
    await new Promise((resolve) => setImmediate(resolve));
    expect(single).not.toHaveBeenCalled();
    expect(gathered).toHaveBeenCalledTimes(1);
    socket.end();
    await ended;
    expect(Buffer.concat(received).toString()).toBe('Bind;Describe;Execute;Sync;');
  });

  it('sends the next tick’s writes in a call of their own, and reports write callbacks', async () => {
    const { socket, received, ended } = await connected();
    const gathered = vi.spyOn(socket as unknown as { _writev: () => void }, '_writev');
    const written = vi.fn();
    socket.write('Parse;', written);
    socket.write('Sync;');
    await new Promise((resolve) => setImmediate(resolve));
    socket.write('Query;');
    socket.write('Sync;', written);
    await new Promise((resolve) => setImmediate(resolve));
    expect(gathered).toHaveBeenCalledTimes(2);
    expect(written).toHaveBeenCalledTimes(2);
    socket.end();
    await ended;
    expect(Buffer.concat(received).toString()).toBe('Parse;Sync;Query;Sync;');
  });
});
