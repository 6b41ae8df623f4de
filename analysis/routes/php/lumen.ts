/**
 * Lumen before 5.5 registers routes on the application itself, `$app->get('/x', ['as' => 'x',
 * 'uses' => 'XController@show'])` and `$app->group(['prefix' => 'api', 'middleware' => 'auth'],
 * function ($app) {...})`: Laravel's router under Slim's variable name. A file reads so when its
 * `$app` calls take Laravel's actions (a `'uses'` array, a `Controller@method` string) or group
 * attributes (an array first), and it does not name Slim.
 */
const LUMEN_CALL = /\$app\s*->\s*(?:(?:get|post|put|patch|delete|options)\s*\(\s*(["'])[^"'\n]*\1\s*,\s*(?:\[\s*["'](?:as|uses|middleware)["']|["'][\w\\]+@\w+["'])|group\s*\(\s*\[)/;

export const lumenRoutes = (text: string): boolean => LUMEN_CALL.test(text) && !/\bSlim\\/.test(text);
