import { execFileSync, spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { generateKeyPairWithCertificate } from '../../apps/server/src/lib/self-signed-cert.ts';
import { freePort } from './free-port.ts';
import {
  REPO_ROOT,
  copyDemoData,
  portalServerEnv,
  spawnPortalServer,
  waitForServer,
} from './server.ts';

/** Debian's simplesamlphp (apt-get install simplesamlphp php-cli php-xml php-mbstring). */
export const SIMPLESAMLPHP_WWW = '/usr/share/simplesamlphp/www';

/** Null when php and simplesamlphp can run here, else why not. */
export function simplesamlphpUnavailable(): string | null {
  if (!existsSync(SIMPLESAMLPHP_WWW)) {
    return `simplesamlphp is not installed (${SIMPLESAMLPHP_WWW} missing): apt-get install -y simplesamlphp php-cli php-xml php-mbstring`;
  }
  const php = spawnSync('php', ['-r', 'echo class_exists("DOMDocument") ? "ok" : "no-dom";']);
  if (php.error) return 'php is not installed: apt-get install -y php-cli php-xml php-mbstring';
  if (String(php.stdout) !== 'ok') return 'php has no DOM extension: apt-get install -y php-xml';
  return null;
}

/** A test user of the simplesamlphp exampleauth:UserPass source, mapped to a demo account. */
export const SSP_USER = {
  username: 'cma',
  password: 'ssp-cma-password',
  email: 'cma@demo-university.edu',
};

export interface SamlPortal {
  /** The portal's port: http://127.0.0.1:{port} uses the dev IdP, http://localhost:{port} simplesamlphp. */
  port: number;
  devIdpPort: number;
  /** simplesamlphp's base URL, when it runs. */
  simplesamlphpUrl: string | null;
  stop(): Promise<void>;
}

async function stopChild(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  await exited;
}

function phpString(value: string): string {
  return `'${value.replaceAll('\\', '\\\\').replaceAll("'", "\\'")}'`;
}

/** A simplesamlphp configuration folder: IdP hosted with a fresh key, one UserPass user. */
function writeSimplesamlphpConfig(dir: string, baseUrl: string, entityId: string): string {
  const keys = generateKeyPairWithCertificate('simplesamlphp e2e IdP');
  for (const sub of ['config/metadata', 'cert', 'data', 'tmp', 'log']) {
    mkdirSync(join(dir, sub), { recursive: true });
  }
  writeFileSync(join(dir, 'cert/idp.pem'), keys.privateKey, { mode: 0o600 });
  writeFileSync(join(dir, 'cert/idp.crt'), keys.certificate);
  writeFileSync(
    join(dir, 'config/config.php'),
    `<?php
$config = [
  'baseurlpath' => ${phpString(`${baseUrl}/`)},
  'certdir' => ${phpString(join(dir, 'cert/'))},
  'loggingdir' => ${phpString(join(dir, 'log/'))},
  'datadir' => ${phpString(join(dir, 'data/'))},
  'tempdir' => ${phpString(join(dir, 'tmp/'))},
  'metadatadir' => ${phpString(join(dir, 'config/metadata/'))},
  'technicalcontact_name' => 'E2E',
  'technicalcontact_email' => 'e2e@example.org',
  'secretsalt' => 'campus-store-portal-e2e-salt',
  'auth.adminpassword' => 'not-used-in-e2e',
  'admin.checkforupdates' => false,
  'timezone' => 'UTC',
  'logging.level' => SimpleSAML\\Logger::INFO,
  'logging.handler' => 'file',
  'logging.logfile' => 'simplesamlphp.log',
  'enable.saml20-idp' => true,
  'module.enable' => ['exampleauth' => true, 'core' => true, 'saml' => true],
  'store.type' => 'phpsession',
  'session.phpsession.savepath' => ${phpString(join(dir, 'tmp'))},
  'session.cookie.secure' => false,
  'session.cookie.samesite' => null,
  'language.cookie.secure' => false,
  'language.cookie.samesite' => null,
  'production' => false,
];
`,
  );
  writeFileSync(
    join(dir, 'config/authsources.php'),
    `<?php
$config = [
  'admin' => ['core:AdminPassword'],
  'e2e-users' => [
    'exampleauth:UserPass',
    ${phpString(`${SSP_USER.username}:${SSP_USER.password}`)} => [
      'uid' => [${phpString(SSP_USER.username)}],
      'email' => [${phpString(SSP_USER.email)}],
    ],
  ],
];
`,
  );
  writeFileSync(
    join(dir, 'config/metadata/saml20-idp-hosted.php'),
    `<?php
$metadata[${phpString(entityId)}] = [
  'host' => '__DEFAULT__',
  'privatekey' => 'idp.pem',
  'certificate' => 'idp.crt',
  'auth' => 'e2e-users',
  'signature.algorithm' => 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
];
`,
  );
  const certFile = join(dir, 'cert/idp.crt');
  return certFile;
}

/** saml20-sp-remote metadata for the portal SP, from the metadata the portal publishes. */
async function writeSpRemoteMetadata(dir: string, spMetadataUrl: string): Promise<void> {
  // The server listens on both loopback addresses, so 'localhost' resolves either way.
  const xml = await (await fetch(spMetadataUrl)).text();
  const certData = /<(?:ds:)?X509Certificate>([^<]+)</.exec(xml)?.[1]?.replace(/\s+/g, '');
  const acs = /AssertionConsumerService[^>]*Location="([^"]+)"/.exec(xml)?.[1];
  const slo = /SingleLogoutService[^>]*Location="([^"]+)"/.exec(xml)?.[1];
  if (!certData || !acs || !slo) throw new Error(`Unexpected SP metadata:\n${xml}`);
  const post = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-POST';
  writeFileSync(
    join(dir, 'config/metadata/saml20-sp-remote.php'),
    `<?php
$metadata[${phpString(spMetadataUrl)}] = [
  'AssertionConsumerService' => [['Binding' => ${phpString(post)}, 'Location' => ${phpString(acs)}]],
  'SingleLogoutService' => [['Binding' => ${phpString(post)}, 'Location' => ${phpString(slo)}]],
  'certData' => ${phpString(certData)},
  'NameIDFormat' => 'urn:oasis:names:tc:SAML:1.1:nameid-format:emailAddress',
  'simplesaml.nameidattribute' => 'email',
  'validate.authnrequest' => true,
  'validate.logout' => true,
  'sign.logout' => true,
  'saml20.sign.assertion' => true,
  'signature.algorithm' => 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256',
];
`,
  );
}

async function waitForHttp(url: string, child: ChildProcess, timeoutMs = 30_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`${url}: the process exited`);
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/**
 * A second portal server with a copy of the demo seed's data folder: the demo seed's 127.0.0.1 website
 * signs in through the development IdP (on a free port), and, when simplesamlphp can run, the
 * localhost website is pointed at a simplesamlphp IdP under `php -S` (configured with the
 * configure-website CLI before the server starts).
 */
export async function startSamlPortal(): Promise<SamlPortal> {
  const dir = mkdtempSync(join(tmpdir(), 'csp-e2e-saml-'));
  const dataDir = join(dir, 'data');
  copyDemoData(dataDir);
  const [port, devIdpPort, sspPort] = [await freePort(), await freePort(), await freePort()];
  const env = { ...portalServerEnv(port, dataDir, devIdpPort), DEV_IDP: 'true' };
  const useSsp = simplesamlphpUnavailable() === null;
  const sspBase = `http://127.0.0.1:${sspPort}`;
  let php: ChildProcess | undefined;
  let server: ChildProcess | undefined;
  const stop = async () => {
    await stopChild(server);
    await stopChild(php);
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    if (useSsp) {
      const sspDir = join(dir, 'simplesamlphp');
      const entityId = `${sspBase}/saml2/idp/metadata.php`;
      const certFile = writeSimplesamlphpConfig(sspDir, sspBase, entityId);
      execFileSync(
        process.execPath,
        [
          '--import',
          'tsx',
          join(REPO_ROOT, 'apps/server/src/modules/saml/configure-website.ts'),
          '--host',
          'localhost',
          '--entity-id',
          entityId,
          '--sso-url',
          `${sspBase}/saml2/idp/SSOService.php`,
          '--slo-url',
          `${sspBase}/saml2/idp/SingleLogoutService.php`,
          '--cert-file',
          certFile,
        ],
        { cwd: REPO_ROOT, env, stdio: ['ignore', 'ignore', 'inherit'] },
      );
    }
    server = spawnPortalServer(env, 'ignore');
    await waitForServer(port, server);
    if (useSsp) {
      const sspDir = join(dir, 'simplesamlphp');
      await writeSpRemoteMetadata(sspDir, `http://localhost:${port}/app-rest/saml/v1/metadata`);
      php = spawn('php', ['-S', `127.0.0.1:${sspPort}`, '-t', SIMPLESAMLPHP_WWW], {
        env: { ...process.env, SIMPLESAMLPHP_CONFIG_DIR: join(sspDir, 'config') },
        stdio: ['ignore', 'ignore', 'ignore'],
      });
      await waitForHttp(`${sspBase}/saml2/idp/metadata.php`, php);
    }
  } catch (error) {
    await stop();
    throw error;
  }
  return { port, devIdpPort, simplesamlphpUrl: useSsp ? sspBase : null, stop };
}
