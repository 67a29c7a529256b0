import { createHash, generateKeyPairSync, randomBytes, sign, type KeyObject } from 'node:crypto';

/**
 * A software passkey authenticator for the API tests: it makes discoverable ES256 credentials
 * and signs assertions exactly as the WebAuthn spec lays the bytes out (authenticator data,
 * client data, "none" attestation). The browser suite uses Chromium's own virtual authenticator.
 */

type Cbor = number | string | Uint8Array | Cbor[] | Map<Cbor, Cbor>;

/** The few CBOR items WebAuthn needs (RFC 8949): integers, text, bytes, arrays, maps. */
function cbor(value: Cbor): Buffer {
  const head = (major: number, n: number): Buffer => {
    if (n < 24) return Buffer.from([(major << 5) | n]);
    if (n < 256) return Buffer.from([(major << 5) | 24, n]);
    if (n < 65536) return Buffer.from([(major << 5) | 25, n >> 8, n & 0xff]);
    const b = Buffer.alloc(5);
    b[0] = (major << 5) | 26;
    b.writeUInt32BE(n, 1);
    return b;
  };
  if (typeof value === 'number') return value >= 0 ? head(0, value) : head(1, -1 - value);
  if (typeof value === 'string') {
    const bytes = Buffer.from(value, 'utf8');
    return Buffer.concat([head(3, bytes.length), bytes]);
  }
  if (value instanceof Uint8Array) return Buffer.concat([head(2, value.length), value]);
  if (Array.isArray(value)) return Buffer.concat([head(4, value.length), ...value.map(cbor)]);
  return Buffer.concat([
    head(5, value.size),
    ...[...value].flatMap(([k, v]) => [cbor(k), cbor(v)]),
  ]);
}

const sha256 = (data: Buffer | string) => createHash('sha256').update(data).digest();
const b64url = (data: Uint8Array) => Buffer.from(data).toString('base64url');

type Credential = {
  id: Buffer;
  rpId: string;
  userHandle: string;
  privateKey: KeyObject;
  cose: Buffer;
  counter: number;
};

export class SoftAuthenticator {
  readonly credentials: Credential[] = [];

  constructor(readonly origin: string) {}

  private authData(rpId: string, flags: number, counter: number, attested?: Buffer): Buffer {
    const count = Buffer.alloc(4);
    count.writeUInt32BE(counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
  }

  private clientData(type: string, challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers `navigator.credentials.create()` options as a browser would (user verified). */
  create(options: { challenge: string; rp: { id?: string }; user: { id: string } }) {
    const rpId = options.rp.id!;
    const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
    const jwk = publicKey.export({ format: 'jwk' });
    const cose = cbor(
      new Map<Cbor, Cbor>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const id = randomBytes(16);
    const credIdLength = Buffer.from([0, id.length]);
    const attested = Buffer.concat([Buffer.alloc(16), credIdLength, id, cose]);
    // UP | UV | AT
    const authData = this.authData(rpId, 0x01 | 0x04 | 0x40, 0, attested);
    const attestationObject = cbor(
      new Map<Cbor, Cbor>([
        ['fmt', 'none'],
        ['attStmt', new Map()],
        ['authData', authData],
      ]),
    );
    this.credentials.push({ id, rpId, userHandle: options.user.id, privateKey, cose, counter: 0 });
    return {
      id: b64url(id),
      rawId: b64url(id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge)),
        attestationObject: b64url(attestationObject),
        transports: ['internal'],
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }

  /**
   * Answers `navigator.credentials.get()` options with a credential of their relying party (the
   * first allowed one, or the first discoverable one); `origin` may pretend another site.
   */
  get(
    options: { challenge: string; rpId?: string; allowCredentials?: { id: string }[] },
    override: { origin?: string; credential?: Credential } = {},
  ) {
    const allowed = options.allowCredentials?.map((c) => c.id) ?? [];
    const credential =
      override.credential ??
      this.credentials.find(
        (c) => c.rpId === options.rpId && (allowed.length === 0 || allowed.includes(b64url(c.id))),
      );
    if (!credential) throw new Error('no credential for these options');
    credential.counter += 1;
    const authData = this.authData(credential.rpId, 0x01 | 0x04, credential.counter);
    const clientData = this.clientData('webauthn.get', options.challenge, override.origin);
    const signature = sign(
      'sha256',
      Buffer.concat([authData, sha256(clientData)]),
      credential.privateKey,
    );
    return {
      id: b64url(credential.id),
      rawId: b64url(credential.id),
      type: 'public-key' as const,
      response: {
        clientDataJSON: b64url(clientData),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: credential.userHandle,
      },
      clientExtensionResults: {},
      authenticatorAttachment: 'platform' as const,
    };
  }
}
