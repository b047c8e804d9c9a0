// One-time-code (TOTP, RFC 6238) credentials of the dev identity server, through otplib.
// Seeds live only in `${dataDir}/otp-credentials.json` (mode 0600): they are shown once at
// enrolment, never logged and never returned by any API. The last accepted time step is kept
// so that a code cannot be used twice (RFC 6238 section 5.2).
import { generateSecret, generateURI, verify } from 'otplib';
import QRCode from 'qrcode';
import { readJsonFile, SerialWriter } from './fileStore.js';

interface OtpCredential {
  secret: string;
  createdAt: number;
  lastTimeStep: number;
}

/** One time step either side of now, for clocks a little off (Keycloak's default look-around is 1). */
const TOLERANCE_SECONDS = 30;

export class OtpCredentialStore {
  private readonly credentials = new Map<string, OtpCredential>();
  private readonly writer: SerialWriter;

  private constructor(file: string) {
    this.writer = new SerialWriter(file, () => ({ version: 1, credentials: Object.fromEntries(this.credentials) }));
  }

  static async open(file: string): Promise<OtpCredentialStore> {
    const store = new OtpCredentialStore(file);
    const data = await readJsonFile(file);
    const credentials = (data as { credentials?: Record<string, OtpCredential> } | undefined)?.credentials;
    for (const [accountId, credential] of Object.entries(credentials ?? {})) {
      if (typeof credential?.secret === 'string')
        store.credentials.set(accountId, { ...credential, lastTimeStep: Number(credential.lastTimeStep) || 0 });
    }
    return store;
  }

  has(accountId: string): boolean {
    return this.credentials.has(accountId);
  }

  /** Checks a code against the account's credential and burns its time step. */
  async check(accountId: string, code: string): Promise<boolean> {
    const credential = this.credentials.get(accountId);
    if (!credential) return false;
    const result = await verifyCode(credential.secret, code, credential.lastTimeStep);
    if (!result.valid) return false;
    credential.lastTimeStep = result.timeStep;
    await this.writer.flush();
    return true;
  }

  /** Stores a credential once the user proved, with a code, that their authenticator holds the seed. */
  async enrol(accountId: string, secret: string, code: string): Promise<boolean> {
    const result = await verifyCode(secret, code, 0);
    if (!result.valid) return false;
    this.credentials.set(accountId, { secret, createdAt: Date.now(), lastTimeStep: result.timeStep });
    await this.writer.flush();
    return true;
  }

  async remove(accountId: string): Promise<boolean> {
    const removed = this.credentials.delete(accountId);
    if (removed) await this.writer.flush();
    return removed;
  }

  flush(): Promise<void> {
    return this.writer.flush();
  }
}

async function verifyCode(
  secret: string,
  code: string,
  afterTimeStep: number,
): Promise<{ valid: true; timeStep: number } | { valid: false }> {
  const token = code.replace(/\s+/g, '');
  if (!/^\d{6}$/.test(token)) return { valid: false };
  try {
    const result = await verify({ secret, token, epochTolerance: TOLERANCE_SECONDS, ...(afterTimeStep > 0 ? { afterTimeStep } : {}) });
    if (!result.valid) return { valid: false };
    // The functional API types HOTP and TOTP results together; a TOTP result carries its step.
    const timeStep = 'timeStep' in result && typeof result.timeStep === 'number' ? result.timeStep : Math.floor(Date.now() / 30_000);
    return { valid: true, timeStep };
  } catch {
    // otplib throws on malformed input (e.g. a replayed step below afterTimeStep in some versions).
    return { valid: false };
  }
}

export interface Enrolment {
  secret: string;
  /** The otpauth:// URI authenticator apps read from the QR code. */
  uri: string;
  /** The QR code as an SVG document. */
  qrSvg: string;
}

export async function newEnrolment(issuer: string, label: string): Promise<Enrolment> {
  const secret = generateSecret();
  const uri = generateURI({ issuer, label, secret });
  const qrSvg = await QRCode.toString(uri, { type: 'svg', margin: 1, errorCorrectionLevel: 'M' });
  return { secret, uri, qrSvg };
}
