export { jsonBodyGuard, MAX_BODY_BYTES } from "./body.ts";
export { hostGuard, hostPort, isLoopbackHost } from "./host.ts";
export { isLoopbackOrigin, originGuard, type OriginGuardOptions } from "./origin.ts";
export { generateToken, TOKEN_HEADER, tokenGuard, tokensEqual } from "./token.ts";
export { MAX_URL_BYTES, urlLengthGuard } from "./url.ts";
