import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, tempDir, writeFiles } from "../helpers/repo.ts";

const grape = suite("Grape routes");

const lines = (root: string) => analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

grape("a Grape API a Rails app mounts: its prefix and path version, resources, route_param, a mounted API at its namespace, grape-swagger's routes, a catch-all; a filter or an endpoint's first statement with a bang guards, Pundit asked about no one does not", () => {
  const root = tempDir("tool-grape-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'grape'\ngem 'grape-swagger'\n",
    "config/routes.rb": 'Rails.application.routes.draw do\n  mount Api::Root => "/"\n  mount Sidekiq::Web => "/sidekiq"\nend\n',
    "app/api/api/root.rb": [
      "module Api",
      "  class Root < Grape::API",
      "    prefix :api",
      '    version "v1", using: :path',
      "    format :json",
      "",
      "    mount Users",
      "",
      "    resource :status do",
      "      get do",
      "        { ok: true }",
      "      end",
      "    end",
      "",
      "    add_swagger_documentation",
      "",
      '    route :any, "*path" do',
      '      error!("Not found", 404)',
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/api/api/users.rb": [
      "module Api",
      "  class Users < Grape::API",
      "    helpers do",
      "      def authenticate!",
      '        error!("401 Unauthorized", 401) unless current_user',
      "      end",
      "    end",
      "",
      "    resource :users do",
      "      get do",
      "        User.all",
      "      end",
      "",
      "      post do",
      "        authenticate!",
      "        User.create!(declared(params))",
      "      end",
      "",
      "      route_param :id do",
      "        get do",
      "          User.find(params[:id])",
      "        end",
      "",
      "        delete do",
      "          Pundit.authorize(nil, User.find(params[:id]), :destroy?)",
      "        end",
      "      end",
      "",
      '      get ":id/edit" do',
      "        User.find(params[:id])",
      "      end",
      "    end",
      "",
      "    namespace :admin do",
      "      before { authenticate! }",
      "",
      "      post :reindex do",
      "        Search.reindex",
      "      end",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/api/webhooks.rb": [
      "class Webhooks < Grape::API",
      '  version "v2", using: :header, vendor: "shop"',
      "  post :stripe do",
      "    Billing.handle(params)",
      "  end",
      "end",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(lines(root), [
    "ALL /api/v1/{path} app/api/api/root.rb",
    "POST /api/v1/admin/reindex app/api/api/users.rb [authenticate!]",
    "GET /api/v1/status app/api/api/root.rb",
    "GET /api/v1/swagger_doc app/api/api/root.rb",
    "GET /api/v1/swagger_doc/{name} app/api/api/root.rb",
    "GET /api/v1/users app/api/api/users.rb",
    "POST /api/v1/users app/api/api/users.rb [authenticate!]",
    "DELETE /api/v1/users/{id} app/api/api/users.rb",
    "GET /api/v1/users/{id} app/api/api/users.rb",
    "GET /api/v1/users/{id}/edit app/api/api/users.rb",
    "ALL /sidekiq config/routes.rb",
    "POST /stripe app/api/webhooks.rb",
  ]);
});

grape("an API class that includes a module of the app's (a Defaults concern whose included block sets the prefix and the path version) is served under them; a gem's module sets nothing, and a class's own prefix wins", () => {
  const root = tempDir("tool-grape-defaults-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'grape'\n",
    "config/routes.rb": 'Rails.application.routes.draw do\n  mount API::Base, at: "/"\nend\n',
    "app/controllers/api/base.rb": "module API\n  class Base < Grape::API\n    mount API::V1::Users\n    mount API::V1::Status\n  end\nend\n",
    "app/controllers/api/v1/defaults.rb": [
      "module API",
      "  module V1",
      "    module Defaults",
      "      extend ActiveSupport::Concern",
      "",
      "      included do",
      "        prefix \"api\"",
      "        version \"v1\", using: :path",
      "        format :json",
      "      end",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/api/v1/users.rb": "module API\n  module V1\n    class Users < Grape::API\n      include API::V1::Defaults\n      include Grape::Kaminari\n\n      resource :users do\n        get do\n        end\n      end\n    end\n  end\nend\n",
    "app/controllers/api/v1/status.rb": "module API\n  module V1\n    class Status < Grape::API\n      include API::V1::Defaults\n      prefix :internal\n\n      get :status do\n      end\n    end\n  end\nend\n",
  });
  assert.equal(lines(root).map((l) => l.split(" ").slice(0, 2).join(" ")).sort(), ["GET /api/v1/users", "GET /internal/status"]);
});

grape.run();
