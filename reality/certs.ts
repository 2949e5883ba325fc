import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";

/**
 * Throwaway X.509 material for loopback webhooks: a CA, a server certificate for 127.0.0.1 and a
 * client certificate, all made with the `openssl` binary at test time (node:crypto makes keys but
 * not certificates). Nothing is written to the repository; the temp folder is removed at once.
 */
export interface TestCertificates {
  ca: string;
  serverKey: string;
  serverCert: string;
  clientKey: string;
  clientCert: string;
}

let cached: TestCertificates | undefined;

export function testCertificates(): TestCertificates {
  if (cached) return cached;
  const dir = mkdtempSync(path.join(tmpdir(), "parley-reality-certs-"));
  const run = (args: string[]) => execFileSync("openssl", args, { cwd: dir, stdio: ["ignore", "ignore", "pipe"], timeout: 20_000 });
  try {
    const key = (name: string) => run(["ecparam", "-name", "prime256v1", "-genkey", "-noout", "-out", `${name}.key`]);
    key("ca");
    run(["req", "-x509", "-new", "-key", "ca.key", "-days", "2", "-subj", "/CN=Parley reality test CA", "-out", "ca.pem"]);
    const leaf = (name: string, cn: string, ext: string) => {
      key(name);
      run(["req", "-new", "-key", `${name}.key`, "-subj", `/CN=${cn}`, "-out", `${name}.csr`]);
      writeFileSync(path.join(dir, `${name}.ext`), ext);
      run(["x509", "-req", "-in", `${name}.csr`, "-CA", "ca.pem", "-CAkey", "ca.key", "-CAcreateserial", "-days", "2", "-extfile", `${name}.ext`, "-out", `${name}.pem`]);
    };
    leaf("server", "127.0.0.1", "subjectAltName=IP:127.0.0.1\nextendedKeyUsage=serverAuth\n");
    leaf("client", "parley-reality-client", "extendedKeyUsage=clientAuth\n");
    const read = (f: string) => readFileSync(path.join(dir, f), "utf8");
    cached = { ca: read("ca.pem"), serverKey: read("server.key"), serverCert: read("server.pem"), clientKey: read("client.key"), clientCert: read("client.pem") };
    return cached;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether `openssl` can be run here (the TLS listeners need it). */
export function opensslAvailable(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore", timeout: 5_000 });
    return true;
  } catch {
    return false;
  }
}

const DISPATCHER = Symbol.for("undici.globalDispatcher.1");
let trusted = false;

/**
 * Make this process's global `fetch` trust the test CA, as a deployed agent trusts a public CA
 * (the SDK's push sender posts with the global `fetch`; there is no option to give it a CA).
 * Node 20 has no API for this (`tls.setDefaultCACertificates` is 22.19+) and NODE_EXTRA_CA_CERTS
 * is read only at start-up, so this builds a new dispatcher of the same class as Node's own with
 * the CA added. It presents no client certificate: that is the SDK's behaviour under test.
 */
export async function trustTestCaInGlobalFetch(): Promise<void> {
  if (trusted) return;
  const holder = globalThis as unknown as Record<symbol, { constructor: new (options: unknown) => unknown } | undefined>;
  if (!holder[DISPATCHER]) {
    // The global dispatcher is created by the first fetch; one to a closed loopback port makes it.
    await fetch("http://127.0.0.1:9/", { signal: AbortSignal.timeout(2_000) }).catch(() => undefined);
  }
  const current = holder[DISPATCHER];
  if (!current) throw new Error("reality: this Node has no undici global dispatcher to extend with the test CA");
  const { rootCertificates } = await import("node:tls");
  const Agent = current.constructor;
  holder[DISPATCHER] = new Agent({ connect: { ca: [...rootCertificates, testCertificates().ca] } }) as never;
  trusted = true;
}
