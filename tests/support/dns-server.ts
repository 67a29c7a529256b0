import { createSocket } from 'node:dgram';
import { createServer, type Socket } from 'node:net';
import type { AddressInfo } from 'node:net';
import * as packet from 'dns-packet';

/**
 * A small authoritative DNS server for tests, on loopback, over UDP and TCP on one port, built on
 * dns-packet. It answers TXT questions from `records` (name -> strings), NXDOMAIN otherwise; tests
 * set and delete records while it runs. Point DNS_RESOLVERS at `address`.
 */
export type TestDnsServer = {
  address: string;
  port: number;
  records: Map<string, string[]>;
  /** Questions asked so far, by name. */
  asked: string[];
  close: () => Promise<void>;
};

export async function startDnsServer(port = 0, attempt = 0): Promise<TestDnsServer> {
  const records = new Map<string, string[]>();
  const asked: string[] = [];

  function answer(query: Buffer): Buffer {
    const q = packet.decode(query);
    const question = q.questions?.[0];
    const name = (question?.name ?? '').toLowerCase().replace(/\.$/, '');
    asked.push(name);
    const values = question?.type === 'TXT' ? records.get(name) : undefined;
    const known = records.has(name);
    return packet.encode({
      id: q.id,
      type: 'response',
      flags: packet.AUTHORITATIVE_ANSWER | (known ? 0 : 3), // rcode 3: NXDOMAIN
      questions: q.questions,
      answers: (values ?? []).map((value) => ({
        type: 'TXT' as const,
        name: question!.name,
        class: 'IN' as const,
        ttl: 0,
        data: value,
      })),
    });
  }

  const udp = createSocket('udp4');
  udp.on('message', (message, remote) => {
    try {
      udp.send(answer(message), remote.port, remote.address);
    } catch {
      // A malformed question gets no answer.
    }
  });
  await new Promise<void>((resolve) => udp.bind(port, '127.0.0.1', resolve));
  const bound = udp.address().port;

  const sockets = new Set<Socket>();
  const tcp = createServer((socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
    let buffered = Buffer.alloc(0);
    socket.on('data', (chunk) => {
      buffered = Buffer.concat([buffered, chunk]);
      while (buffered.length >= 2) {
        const length = buffered.readUInt16BE(0);
        if (buffered.length < 2 + length) break;
        const reply = answer(buffered.subarray(2, 2 + length));
        const framed = Buffer.alloc(2 + reply.length);
        framed.writeUInt16BE(reply.length, 0);
        reply.copy(framed, 2);
        socket.write(framed);
        buffered = buffered.subarray(2 + length);
      }
    });
    socket.on('error', () => socket.destroy());
  });
  // DNS answers on one port over UDP and TCP: the TCP side takes the port UDP was given, which
  // another test's server may hold over TCP. Then both close and a new port is tried (a listen
  // error must never leave the file waiting for good).
  try {
    await new Promise<void>((resolve, reject) => {
      tcp.once('error', reject);
      tcp.listen(bound, '127.0.0.1', () => {
        tcp.off('error', reject);
        resolve();
      });
    });
  } catch (error) {
    await new Promise<void>((r) => udp.close(() => r()));
    if (port === 0 && attempt < 5 && (error as NodeJS.ErrnoException).code === 'EADDRINUSE')
      return startDnsServer(0, attempt + 1);
    throw error;
  }
  void (tcp.address() as AddressInfo);

  return {
    address: `127.0.0.1:${bound}`,
    port: bound,
    records,
    asked,
    close: async () => {
      for (const s of sockets) s.destroy();
      await Promise.all([
        new Promise<void>((r) => udp.close(() => r())),
        new Promise<void>((r) => tcp.close(() => r())),
      ]);
    },
  };
}
