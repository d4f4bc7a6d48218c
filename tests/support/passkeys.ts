/**
 * A software authenticator for the passkey tests: an ES256 key pair from node:crypto that answers
 * the shop's WebAuthn options as a platform authenticator would (attestation 'none', user present
 * and verified), built by hand per the WebAuthn Level 3 data layouts ("Authenticator Data",
 * "Attested Credential Data"), so @simplewebauthn/server verifies real signatures.
 */
import crypto from 'node:crypto';
import { isoCBOR } from '@simplewebauthn/server/helpers';
import type { AuthenticationResponseJSON, PublicKeyCredentialCreationOptionsJSON, PublicKeyCredentialRequestOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/server';

const b64url = (bytes: Uint8Array | Buffer) => Buffer.from(bytes).toString('base64url');
const sha256 = (data: Uint8Array | string) => crypto.createHash('sha256').update(data).digest();

/** The origin the test requests name (tests/support/http.ts): the relying party is its host name. */
export const TEST_ORIGIN = 'http://localhost:3000';

export class SoftwareAuthenticator {
  readonly credentialId = crypto.randomBytes(16);
  private readonly keys = crypto.generateKeyPairSync('ec', { namedCurve: 'P-256' });
  /** The signature counter: moved on by every assertion. */
  counter = 0;
  /** The user handle the shop gave at registration (answered on a usernameless sign-in). */
  userHandle: string | undefined;

  constructor(private readonly origin = TEST_ORIGIN) {}

  get id(): string {
    return b64url(this.credentialId);
  }

  /** Authenticator data: rpIdHash, flags (user present, user verified, + attested data), counter. */
  private authData(rpId: string, attested?: Buffer): Buffer {
    const flags = 0x01 | 0x04 | (attested ? 0x40 : 0);
    const counter = Buffer.alloc(4);
    counter.writeUInt32BE(this.counter);
    return Buffer.concat([sha256(rpId), Buffer.from([flags]), counter, ...(attested ? [attested] : [])]);
  }

  private clientData(type: 'webauthn.create' | 'webauthn.get', challenge: string, origin = this.origin): Buffer {
    return Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  }

  /** Answers navigator.credentials.create options: a new credential with attestation 'none'. */
  register(options: PublicKeyCredentialCreationOptionsJSON, opts: { origin?: string } = {}): RegistrationResponseJSON {
    const jwk = this.keys.publicKey.export({ format: 'jwk' });
    const cosePublicKey = isoCBOR.encode(
      new Map<number, number | Uint8Array>([
        [1, 2], // kty: EC2
        [3, -7], // alg: ES256
        [-1, 1], // crv: P-256
        [-2, Buffer.from(jwk.x!, 'base64url')],
        [-3, Buffer.from(jwk.y!, 'base64url')],
      ]),
    );
    const idLength = Buffer.alloc(2);
    idLength.writeUInt16BE(this.credentialId.length);
    const attested = Buffer.concat([Buffer.alloc(16), idLength, this.credentialId, Buffer.from(cosePublicKey)]);
    const attestationObject = isoCBOR.encode(new Map<string, string | Map<string, string> | Uint8Array>([
        ['fmt', 'none'],
        ['attStmt', new Map<string, string>()],
        ['authData', new Uint8Array(this.authData(options.rp.id!, attested))],
      ]));
    this.userHandle = options.user.id;
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(this.clientData('webauthn.create', options.challenge, opts.origin)), attestationObject: b64url(attestationObject), transports: ['internal'] },
      clientExtensionResults: {},
    };
  }

  /**
   * Answers navigator.credentials.get options with this credential's signature; the counter moves
   * on first unless `counter` sets it (a replayed or cloned authenticator).
   */
  assert(options: PublicKeyCredentialRequestOptionsJSON, opts: { counter?: number; origin?: string } = {}): AuthenticationResponseJSON {
    this.counter = opts.counter ?? this.counter + 1;
    const authenticatorData = this.authData(options.rpId!);
    const clientDataJSON = this.clientData('webauthn.get', options.challenge, opts.origin);
    const signature = crypto.sign('sha256', Buffer.concat([authenticatorData, sha256(clientDataJSON)]), this.keys.privateKey);
    return {
      id: this.id,
      rawId: this.id,
      type: 'public-key',
      response: { clientDataJSON: b64url(clientDataJSON), authenticatorData: b64url(authenticatorData), signature: b64url(signature), ...(this.userHandle && { userHandle: this.userHandle }) },
      clientExtensionResults: {},
    };
  }
}
