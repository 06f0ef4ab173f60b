// `npm run cert [-- name-or-ip ...]`: a certificate so tills reach the console over HTTPS on the shop's network.
//
// Makes (once) a small certificate authority for this shop, and (each run) a server certificate signed by it for
// every name and address this machine answers on: localhost, its host name, <host name>.local, each of its
// network addresses, and any names or addresses given on the command line. Each till installs the authority's
// certificate (ca.crt) once; running this again after the server's address changes needs no new install.
// Files go to $CERT_DIR, or to certs/ inside $DATA_DIR (./data by default). See README "Serving over the shop's network".
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createCA, createCert } from 'mkcert';

const CA_DAYS = 3650;
// Apple devices refuse server certificates valid for more than 398 days; run this again within a year.
const SERVER_DAYS = 397;

const dir = path.resolve(process.env.CERT_DIR || path.join(process.env.DATA_DIR || './data', 'certs'));
const extra = process.argv.slice(2).filter((arg) => !arg.startsWith('-'));
for (const name of extra) {
  if (!net.isIP(name) && !/^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(name)) {
    console.error(`"${name}" is neither a host name nor an IP address.`);
    process.exit(1);
  }
}

function ownAddresses() {
  const found = [];
  for (const list of Object.values(os.networkInterfaces())) {
    for (const entry of list ?? []) {
      if (!entry.internal && entry.family === 'IPv4') found.push(entry.address);
    }
  }
  return found;
}

const host = os.hostname().toLowerCase();
const names = [...new Set(['localhost', '127.0.0.1', '::1', host, `${host}.local`, ...ownAddresses(), ...extra.map((n) => n.toLowerCase())])];
// The common name is the first entry; a LAN address reads best there.
const lan = [...extra, ...ownAddresses()][0];
const domains = lan ? [lan, ...names.filter((n) => n !== lan)] : names;

fs.mkdirSync(dir, { recursive: true, mode: 0o700 });
const file = (name) => path.join(dir, name);
const write = (name, text, mode) => fs.writeFileSync(file(name), text, { mode });

let ca;
if (fs.existsSync(file('ca.crt')) && fs.existsSync(file('ca.key'))) {
  ca = { cert: fs.readFileSync(file('ca.crt'), 'utf8'), key: fs.readFileSync(file('ca.key'), 'utf8') };
  console.log(`Using the shop's certificate authority in ${dir}`);
} else {
  ca = await createCA({
    organization: `Shop console on ${host}`,
    countryCode: 'KH',
    state: 'Phnom Penh',
    locality: 'Phnom Penh',
    validity: CA_DAYS,
  });
  write('ca.crt', ca.cert, 0o644);
  write('ca.key', ca.key, 0o600);
  console.log(`Created the shop's certificate authority in ${dir}`);
}

const server = await createCert({ ca, domains, validity: SERVER_DAYS, organization: 'Shop console' });
write('server.crt', server.cert + ca.cert, 0o644);
write('server.key', server.key, 0o600);

const address = lan ?? 'localhost';
console.log(`
Server certificate for: ${domains.join(', ')} (valid ${SERVER_DAYS} days)

Start the console over HTTPS:
  HTTPS_CERT=${file('server.crt')} HTTPS_KEY=${file('server.key')} npm start
Then open https://${address}:${process.env.PORT || 3000} on each till.

Once per till, install ${file('ca.crt')} as a trusted certificate authority:
  Android: Settings > Security > Encryption & credentials > Install a certificate > CA certificate
  iPad/iPhone: open the file, install the profile, then Settings > General > About > Certificate Trust Settings
  Windows: double-click it > Install Certificate > Local Machine > Trusted Root Certification Authorities
  macOS: open it in Keychain Access, then set it to Always Trust
Keep ca.key secret: whoever has it can make certificates your tills trust.
`);
