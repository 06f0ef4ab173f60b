import { hash, verify } from '@node-rs/argon2';
import { createRequire } from 'node:module';
import type { dictionary as Dictionary } from '@zxcvbn-ts/language-common';
import { extendCommonPasswordsLater } from '@shop/contracts/password';

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

// The dictionary is read synchronously (the password rule is a synchronous check), on its first use.
const require = createRequire(import.meta.url);

let commonLoaded = false;
/**
 * Teaches the shared password rule the common passwords of zxcvbn-ts's dictionary (tens of
 * thousands; those of 8 characters or more are the ones the rule can meet). Once per process,
 * read when a password is first checked: until then the server does not hold it
 * (docs/decisions/0017-speed-on-the-wire-and-under-load.md, idle memory).
 */
export function loadCommonPasswords(): void {
  if (commonLoaded) return;
  commonLoaded = true;
  extendCommonPasswordsLater(() => (require('@zxcvbn-ts/language-common') as { dictionary: typeof Dictionary }).dictionary['passwords-common']);
}
