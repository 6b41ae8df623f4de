import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const falcon = suite("Falcon routes");

const lines = (root: string) => analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`);

falcon("resources added to an app answer the methods they have responders for, by suffix; before-hooks and the app's middleware named like a check guard them", () => {
  const root = tempDir("tool-falcon-");
  writeFiles(root, {
    "requirements.txt": "falcon==3.1.3\n",
    "shop/resources.py": [
      "import falcon",
      "from shop.hooks import validate_token, log_request",
      "",
      "",
      "class ThingsResource:",
      "    def __init__(self, db):",
      "        self.db = db",
      "",
      "    def on_get(self, req, resp, thing_id):",
      "        resp.media = self.db.get(thing_id)",
      "",
      "    @falcon.before(validate_token)",
      "    def on_delete(self, req, resp, thing_id):",
      "        self.db.delete(thing_id)",
      "",
      "    @falcon.before(log_request)",
      "    def on_get_collection(self, req, resp):",
      "        resp.media = self.db.all()",
      "",
      "    def on_post_collection(self, req, resp):",
      "        self.db.add(req.media)",
      "",
      "",
      "class UnusedResource:",
      "    def on_get(self, req, resp):",
      "        resp.media = {}",
      "",
    ].join("\n"),
    "shop/app.py": [
      "import falcon",
      "from shop.resources import ThingsResource",
      "from shop.middleware import AuthMiddleware, TimingMiddleware",
      "",
      "public = falcon.App()",
      "public.add_route('/health', HealthResource())",
      "",
      "app = falcon.App(middleware=[TimingMiddleware(), AuthMiddleware()])",
      "things = ThingsResource(db)",
      "app.add_route('/things/{thing_id}', things)",
      "app.add_route('/things', things, suffix='collection')",
      "",
      "",
      "class HealthResource:",
      "    def on_get(self, req, resp):",
      "        resp.media = {'ok': True}",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(lines(root), [
    "GET /health HealthResource.on_get",
    "GET /things ThingsResource.on_get_collection [AuthMiddleware]",
    "POST /things ThingsResource.on_post_collection [AuthMiddleware]",
    "DELETE /things/{thing_id} ThingsResource.on_delete [AuthMiddleware,validate_token]",
    "GET /things/{thing_id} ThingsResource.on_get [AuthMiddleware]",
  ]);
});

falcon("routes written as data: a catalog pairing prefixes with the route tables functions of other modules return, walked by nested loops", () => {
  const root = tempDir("tool-falcon-");
  writeFiles(root, {
    "requirements.txt": "falcon==3.1.3\n",
    "queue/api/v2/__init__.py": [
      "from queue.api.v2 import queues",
      "from queue.api.v2 import ping",
      "",
      "",
      "def public_endpoints(driver, conf):",
      "    return [",
      "        # Queues",
      "        ('/queues', queues.CollectionResource(driver)),",
      "        ('/queues/{queue_name}', queues.ItemResource(driver)),",
      "        ('/ping', ping.Resource()),",
      "    ]",
      "",
      "",
      "def private_endpoints(driver, conf):",
      "    return [",
      "        ('/pools', pools.Listing(driver)),",
      "    ]",
      "",
    ].join("\n"),
    "queue/api/v2/queues.py": [
      "class CollectionResource:",
      "    def on_get(self, req, resp):",
      "        pass",
      "",
      "",
      "class ItemResource:",
      "    def on_put(self, req, resp, queue_name):",
      "        pass",
      "",
      "    def on_delete(self, req, resp, queue_name):",
      "        pass",
      "",
    ].join("\n"),
    "queue/api/v2/ping.py": "class Resource:\n    def on_get(self, req, resp):\n        pass\n\n    def on_head(self, req, resp):\n        pass\n",
    "queue/api/version.py": "class Resource:\n    def on_get(self, req, resp):\n        pass\n",
    "queue/api/driver.py": [
      "import falcon",
      "from queue.api import v2",
      "from queue.api import version",
      "",
      "",
      "class Driver:",
      "    def _init_routes(self):",
      "        catalog = [",
      "            ('/v2', v2.public_endpoints(self, self._conf)),",
      "            ('/', [('', version.Resource())]),",
      "        ]",
      "        self.app = falcon.App()",
      "        for version_path, endpoints in catalog:",
      "            if endpoints:",
      "                for route, resource in endpoints:",
      "                    self.app.add_route(version_path + route, resource)",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(lines(root), [
    "GET / Resource.on_get",
    "GET /v2/ping Resource.on_get",
    "HEAD /v2/ping Resource.on_head",
    "GET /v2/queues CollectionResource.on_get",
    "DELETE /v2/queues/{queue_name} ItemResource.on_delete",
    "PUT /v2/queues/{queue_name} ItemResource.on_put",
  ]);
});

falcon.run();
