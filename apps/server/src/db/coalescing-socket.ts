import net from 'node:net';

type Write = (...args: unknown[]) => boolean;

/**
 * A socket that sends everything one tick writes in one system call. `pg` writes each message
 * of the extended protocol on its own (Bind, Describe, Execute, Sync: four writes, four system
 * calls for every prepared statement), and those calls were the largest share of a step save's
 * time on the server (issue 18, `node scripts/profile-step-save.mjs --pg`). Corked at the first
 * write of a tick and uncorked on the next, the messages of a statement leave together; nothing
 * waits longer than the rest of the current tick. (Over TLS the encrypted socket writes below
 * this one: nothing is gathered, and nothing changes.)
 */
export function coalescingSocket(): net.Socket {
  const socket = new net.Socket();
  const write = net.Socket.prototype.write.bind(socket) as Write;
  const uncork = () => socket.uncork();
  const coalescingWrite: Write = (...args) => {
    if (socket.writableCorked === 0) {
      socket.cork();
      process.nextTick(uncork);
    }
    return write(...args);
  };
  // `Socket#connect` puts the prototype's `write` back on the instance (undoing a write-after-end
  // guard); an accessor whose setter keeps ours survives it.
  Object.defineProperty(socket, 'write', {
    get: () => coalescingWrite,
    set: () => {},
    configurable: true,
    enumerable: true,
  });
  return socket;
}
