import { hash, verify } from '@node-rs/argon2';
import { dictionary } from '@zxcvbn-ts/language-common';
import { extendCommonPasswords } from '@shop/contracts/password';

// OWASP's argon2id baseline: 19 MiB, 2 passes, 1 lane. `Algorithm` is a const enum the
// compiler cannot inline across packages here; 2 is its Argon2id member.
const OPTIONS = { algorithm: 2, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, OPTIONS);
}

export async function verifyPassword(passwordHash: string, password: string): Promise<boolean> {
  try {
    return await verify(passwordHash, password);
  } catch {
    return false;
  }
}

/** A real hash of a random string, checked when the e-mail is unknown so both answers take as long. */
let decoyHash: Promise<string> | undefined;
export function decoyPasswordHash(): Promise<string> {
  decoyHash ??= hashPassword(`decoy-${Math.random()}`);
  return decoyHash;
}

let commonLoaded = false;
/**
 * Teaches the shared password rule the common passwords of zxcvbn-ts's dictionary (tens of
 * thousands; those of 8 characters or more are the ones the rule can meet). Once per process.
 */
export function loadCommonPasswords(): void {
  if (commonLoaded) return;
  extendCommonPasswords(dictionary['passwords-common']);
  commonLoaded = true;
}
