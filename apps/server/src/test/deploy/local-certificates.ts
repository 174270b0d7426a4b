import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import path from 'node:path';

/** A local CA and a server certificate it signed, as files in a folder. */
export interface LocalCertificates {
  /** The CA's certificate: what a client trusts (a browser's authorities, NODE_EXTRA_CA_CERTS). */
  caFile: string;
  certificateFile: string;
  keyFile: string;
}

const openssl = (folder: string, args: string[]) =>
  execFileSync('openssl', args, { cwd: folder, stdio: ['ignore', 'ignore', 'pipe'] });

/**
 * Makes, with openssl, a CA valid 30 days and a certificate it signs for `localhost` and
 * 127.0.0.1 (P-256 keys, no passphrase: the proxy reads them at start). Nothing leaves `folder`;
 * the CA's key is kept beside it only because the folder is the deployment's own.
 */
export function makeLocalCertificates(folder: string): LocalCertificates {
  const caKey = path.join(folder, 'ca.key');
  const caFile = path.join(folder, 'ca.pem');
  const keyFile = path.join(folder, 'server.key');
  const request = path.join(folder, 'server.csr');
  const certificateFile = path.join(folder, 'server.pem');
  const extensions = path.join(folder, 'server.ext');
  const ecKey = ['-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes'];
  openssl(folder, [
    'req',
    '-x509',
    ...ecKey,
    '-keyout',
    caKey,
    '-out',
    caFile,
    '-days',
    '30',
    '-subj',
    '/CN=Portal local deployment CA',
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
  openssl(folder, [
    'req',
    '-new',
    ...ecKey,
    '-keyout',
    keyFile,
    '-out',
    request,
    '-subj',
    '/CN=localhost',
  ]);
  writeFileSync(
    extensions,
    [
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      '',
    ].join('\n'),
  );
  openssl(folder, [
    'x509',
    '-req',
    '-in',
    request,
    '-CA',
    caFile,
    '-CAkey',
    caKey,
    '-CAcreateserial',
    '-out',
    certificateFile,
    '-days',
    '30',
    '-extfile',
    extensions,
  ]);
  return { caFile, certificateFile, keyFile };
}
