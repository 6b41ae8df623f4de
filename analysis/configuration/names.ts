/**
 * What a variable's name says about it. Names only: values are never read. A name is split
 * into words (`DATABASE_URL` -> DATABASE, URL; `apiKey` -> API, KEY) and the words decide.
 */

/** A set from white-space separated words. */
const wordSet = (list: string) => new Set(list.split(/\s+/).filter(Boolean));

const SECRET_WORDS = wordSet(`
  SECRET SECRETS TOKEN TOKENS PASSWORD PASSWORDS PASSWD PASS PWD PASSPHRASE CREDENTIAL CREDENTIALS
  CREDS PRIVATE APIKEY SALT PEPPER KEY KEYS
`);
/** A secret word followed by one of these names something about the secret, not the secret: TOKEN_URL, KEY_ID, SECRET_NAME. */
const DESCRIBES = wordSet(`
  ID IDS NAME USER USERNAME URL URI ENDPOINT HOST PORT PATH FILE DIR TTL EXPIRY EXPIRES EXPIRATION
  LIFETIME LENGTH SIZE TYPE ALGORITHM ALG HEADER ISSUER AUDIENCE REGION ENABLED VERSION PREFIX FORMAT
  ROTATION
`);
/** Meant to be public: Stripe publishable keys, NEXT_PUBLIC_*, VITE_PUBLIC_*. */
const PUBLIC_WORDS = new Set(["PUBLIC", "PUBLISHABLE"]);
const ADDRESS_WORDS = wordSet(`
  URL URLS URI URIS HOST HOSTS HOSTNAME ADDR ADDRESS ENDPOINT ENDPOINTS DSN PORT SERVER SERVERS BROKER
  BROKERS BASEURL
`);
/** ADDRESS in these names is a mail or wallet address, not where a service listens. */
const NOT_NETWORK = wordSet(`
  EMAIL MAIL FROM TO SENDER RECIPIENT REPLY WALLET CONTRACT ETH BTC
`);
/** Stores and brokers whose connection URLs carry a user and password (postgres://user:pass@host/db). */
const DATASTORES = wordSet(`
  DATABASE DB POSTGRES POSTGRESQL PG MYSQL MARIADB MONGO MONGODB REDIS VALKEY AMQP RABBITMQ RABBIT
  CLOUDAMQP CLICKHOUSE NEO4J SMTP ELASTICSEARCH OPENSEARCH CACHE CELERY BROKER MSSQL SQLSERVER ORACLE
`);

/** Set by the operating system, the shell, CI or a toolchain: a project does not document them. */
const PROVIDED = wordSet(`
  PATH HOME USER USERNAME LOGNAME SHELL PWD OLDPWD TMPDIR TMP TEMP LANG LANGUAGE TERM TZ HOSTNAME CI
  NODE_ENV NO_COLOR FORCE_COLOR COLORTERM EDITOR VISUAL PAGER APPDATA LOCALAPPDATA USERPROFILE
  PROGRAMFILES SYSTEMROOT COMSPEC WINDIR JAVA_HOME GOPATH GOROOT GOOS GOARCH PYTHONPATH VIRTUAL_ENV
  CONDA_PREFIX GEM_HOME BUNDLE_GEMFILE MIX_ENV RAILS_ENV RACK_ENV KUBERNETES_SERVICE_HOST
`);
const PROVIDED_PREFIXES = [
  ...wordSet("LC_ XDG_ GITHUB_ RUNNER_ GITLAB_ CI_ BUILDKITE_ CIRCLE_ TRAVIS_ CARGO_ npm_ BUN_ DENO_ VERCEL_"),
];

/** `DATABASE_URL`, `apiKey`, `db.host` -> upper-case words. */
export function words(name: string): string[] {
  return name.replace(/([a-z0-9])([A-Z])/g, "$1_$2").toUpperCase().split(/[^A-Z0-9]+/).filter(Boolean);
}

/**
 * A connection string: `*_DSN`, `*_CONNECTION_STRING`, or a URL/URI of a database, cache or
 * broker. Such values usually hold a user and password, so they are secrets and addresses.
 */
function isConnectionString(parts: readonly string[]): boolean {
  if (parts.includes("DSN")) return true;
  if (parts.some((w, i) => w === "CONNECTION" && (parts[i + 1] === "STRING" || parts[i + 1] === "STR"))) return true;
  if (parts.some((w) => w === "CONNECTIONSTRING" || w === "CONNSTR")) return true;
  return parts.some((w) => w === "URL" || w === "URI") && parts.some((w) => DATASTORES.has(w));
}

/** Whether the name says it holds a credential. */
export function isSecret(name: string): boolean {
  const parts = words(name);
  if (parts.some((w) => PUBLIC_WORDS.has(w))) return false;
  if (isConnectionString(parts)) return true;
  // PWD alone is the working directory, not a password.
  if (name === "PWD" || name === "OLDPWD") return false;
  return parts.some((w, i) => SECRET_WORDS.has(w) && !parts.slice(i + 1).some((after) => DESCRIBES.has(after)));
}

/** Whether the name says it locates a service: a URL, host, port, endpoint or connection string. */
export function isServiceAddress(name: string): boolean {
  const parts = words(name);
  if (isConnectionString(parts)) return true;
  return parts.some((w) =>
    (ADDRESS_WORDS.has(w) && !(w === "ADDRESS" && parts.some((p) => NOT_NETWORK.has(p)))) ||
    /^[A-Z0-9]{2,}(URL|URI)$/.test(w)
  );
}

/** Whether the platform, shell, CI or toolchain sets it rather than the project's configuration. */
export function isProvided(name: string): boolean {
  return PROVIDED.has(name) || PROVIDED_PREFIXES.some((prefix) => name.startsWith(prefix));
}
