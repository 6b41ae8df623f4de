/**
 * The routers FastAPI Users builds (`app.include_router(fastapi_users.get_auth_router(backend),
 * prefix="/auth/jwt")`): the library's own routes, which no file of the app declares. Signing in,
 * registering, resetting a password and verifying an email are open by the library's design;
 * signing out and `/me` take the signed-in user, and the users router's `/{id}` a superuser.
 */
import type { Registration } from "../registration.ts";

type Route = [method: string, path: string, handler: string, guard?: string];

const CURRENT_USER = "fastapi_users.current_user(active=True)";
const SUPERUSER = "fastapi_users.current_user(active=True, superuser=True)";

// By factory method, as FastAPI Users 10+ draws them.
const ROUTERS: Record<string, Route[]> = {
  get_auth_router: [["POST", "/login", "login"], ["POST", "/logout", "logout", CURRENT_USER]],
  get_register_router: [["POST", "/register", "register"]],
  get_reset_password_router: [["POST", "/forgot-password", "forgot_password"], ["POST", "/reset-password", "reset_password"]],
  get_verify_router: [["POST", "/request-verify-token", "request_verify_token"], ["POST", "/verify", "verify"]],
  get_users_router: [
    ["GET", "/me", "me", CURRENT_USER], ["PATCH", "/me", "update_me", CURRENT_USER],
    ["GET", "/{id}", "get_user", SUPERUSER], ["PATCH", "/{id}", "update_user", SUPERUSER], ["DELETE", "/{id}", "delete_user", SUPERUSER],
  ],
  get_oauth_router: [["GET", "/authorize", "authorize"], ["GET", "/callback", "callback"]],
  get_oauth_associate_router: [["GET", "/authorize", "authorize", CURRENT_USER], ["GET", "/callback", "callback", CURRENT_USER]],
};

/**
 * The router a FastAPI Users factory call builds (`fastapi_users.get_users_router` called on an
 * instance named for the library), as a router named `name` and its routes; undefined for any other call.
 */
export function fastapiUsersRouter(called: string, name: string, framework: string, line: number): Registration[] | undefined {
  const [receiver, method] = [called.slice(0, called.lastIndexOf(".")), called.slice(called.lastIndexOf(".") + 1)];
  const routes = ROUTERS[method];
  if (!routes || !/(?:^|\.)fastapi_?users$/i.test(receiver)) return undefined;
  return [
    { type: "router", framework, name, prefix: "", guards: [], mountedOnly: true, line },
    ...routes.map(([verb, path, handler, guard]): Registration => ({ type: "route", framework, kind: "http", methods: [verb], path, handler: `fastapi_users.${handler}`, guards: guard ? [guard] : [], owner: name, line })),
  ];
}
