import { encodeCBOR, type CBORType } from '@levischuck/tiny-cbor';
import { createHash, generateKeyPairSync, randomBytes, sign } from 'node:crypto';

// A passkey in software, as a platform authenticator makes one (WebAuthn §6): an ES256 key pair,
// 'none' attestation, and answers signed the way browsers send them, for tests in Node.

const b64url = (bytes: Uint8Array) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => createHash('sha256').update(data).digest();

/** What a page's WebAuthn call adds: the ceremony, its challenge and the page's origin. */
type Ceremony = { challenge: string; origin: string };
/** How an answer may be bent: user verification, the counter it says, the user handle. */
type Bend = { userVerified?: boolean; counter?: number; userHandle?: string };

const FLAGS = { userPresent: 0x01, userVerified: 0x04, attested: 0x40 };

function clientData(type: 'webauthn.create' | 'webauthn.get', { challenge, origin }: Ceremony) {
  return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
}

function authenticatorData(rpId: string, flags: number, counter: number, attested?: Buffer) {
  const count = Buffer.alloc(4);
  count.writeUInt32BE(counter);
  return Buffer.concat([sha256(rpId), Buffer.from([flags]), count, attested ?? Buffer.alloc(0)]);
}

/** A new passkey for `rpId`, with its own key pair and credential id. */
export function softPasskey(rpId = 'localhost') {
  const { privateKey, publicKey } = generateKeyPairSync('ec', { namedCurve: 'P-256' });
  const jwk = publicKey.export({ format: 'jwk' });
  const credentialId = randomBytes(32);
  // RFC 9053's EC2 key: kty 2, alg -7 (ES256), crv 1 (P-256), then x and y.
  const coseKey = encodeCBOR(
    new Map<number, CBORType>([
      [1, 2],
      [3, -7],
      [-1, 1],
      [-2, Buffer.from(jwk.x!, 'base64url')],
      [-3, Buffer.from(jwk.y!, 'base64url')],
    ]),
  );
  let counter = 0;
  /** A `PublicKeyCredential` as its `toJSON()` writes it, around the ceremony's response. */
  const answer = <R>(response: R) => ({
    id: b64url(credentialId),
    rawId: b64url(credentialId),
    type: 'public-key' as const,
    clientExtensionResults: {},
    response,
  });
  const flagsOf = (bend: Bend) =>
    FLAGS.userPresent | (bend.userVerified === false ? 0 : FLAGS.userVerified);

  return {
    id: b64url(credentialId),
    /** The counter the next assertion says, unless bent: it rises by one per use. */
    get counter() {
      return counter;
    },

    /** The answer to `navigator.credentials.create()` (RegistrationResponseJSON). */
    attestation(ceremony: Ceremony, bend: Bend = {}) {
      const length = Buffer.alloc(2);
      length.writeUInt16BE(credentialId.length);
      const attested = Buffer.concat([Buffer.alloc(16), length, credentialId, coseKey]);
      const authData = authenticatorData(
        rpId,
        flagsOf(bend) | FLAGS.attested,
        bend.counter ?? counter,
        attested,
      );
      const attestationObject = encodeCBOR(
        new Map<string, CBORType>([
          ['fmt', 'none'],
          ['attStmt', new Map()],
          ['authData', authData],
        ]),
      );
      return answer({
        clientDataJSON: b64url(clientData('webauthn.create', ceremony)),
        attestationObject: b64url(attestationObject),
        transports: ['internal' as const],
      });
    },

    /** The answer to `navigator.credentials.get()` (AuthenticationResponseJSON). */
    assertion(ceremony: Ceremony & { userHandle: string }, bend: Bend = {}) {
      counter = bend.counter ?? counter + 1;
      const authData = authenticatorData(rpId, flagsOf(bend), counter);
      const data = clientData('webauthn.get', ceremony);
      const signature = sign('sha256', Buffer.concat([authData, sha256(data)]), privateKey);
      return answer({
        clientDataJSON: b64url(data),
        authenticatorData: b64url(authData),
        signature: b64url(signature),
        userHandle: bend.userHandle ?? ceremony.userHandle,
      });
    },
  };
}
export type SoftPasskey = ReturnType<typeof softPasskey>;
