import { suite } from "uvu";
import * as assert from "uvu/assert";
import { guardedRoutes } from "../helpers/routes.ts";
import { git, tempDir, writeFiles } from "../helpers/repo.ts";

const hanami = suite("Hanami routes");

/** A Hanami 1 project: an API app mounted at /api whose actions authenticate unless they opt out, and a web app at /. */
function hanamiProject(): string {
  const root = tempDir();
  const action = (module: string, name: string, body = "") =>
    `module Api\n  module Controllers\n    module ${module}\n      class ${name}\n        include Api::Action\n\n        def call(params)\n        end\n${body}      end\n    end\n  end\nend\n`;
  writeFiles(root, {
    "config/environment.rb": [
      "require 'hanami/setup'",
      "require_relative '../apps/api/application'",
      "require_relative '../apps/web/application'",
      "",
      "Hanami.configure do",
      "  mount Api::Application, at: '/api'",
      "  mount Web::Application, at: '/'",
      "end",
      "",
    ].join("\n"),
    "apps/api/application.rb": [
      "module Api",
      "  class Application < Hanami::Application",
      "    configure do",
      "      routes 'config/routes'",
      "      controller.prepare do",
      "        include Api::Controllers::Authentication",
      "        before :set_locale",
      "      end",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "apps/api/controllers/authentication.rb": [
      "module Api",
      "  module Controllers",
      "    module Authentication",
      "      def self.included(action)",
      "        action.class_eval do",
      "          before :authenticate!",
      "        end",
      "      end",
      "",
      "      private",
      "",
      "      def authenticate!",
      "        halt 401 unless current_user",
      "      end",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "apps/api/config/routes.rb": [
      "namespace 'articles' do",
      "  get '/', to: 'articles#index'",
      "  post '/', to: 'articles#create'",
      "  post '/:slug/comments', to: 'articles::comments#create'",
      "end",
      "get '/tags', to: 'tags#index'",
      "",
    ].join("\n"),
    "apps/api/controllers/articles/index.rb": action("Articles", "Index", "\n        private\n\n        def authenticate!\n        end\n"),
    "apps/api/controllers/articles/create.rb": action("Articles", "Create"),
    "apps/api/controllers/articles/comments/create.rb": action("Articles::Comments", "Create"),
    "apps/api/controllers/tags/index.rb": action("Tags", "Index", "\n        def authenticate!; end\n"),
    "apps/web/config/routes.rb": "get '/about', to: 'pages#about'\n",
    "apps/web/controllers/pages/about.rb": "module Web\n  module Controllers\n    module Pages\n      class About\n        include Web::Action\n        def call(params); end\n      end\n    end\n  end\nend\n",
  });
  git(root, "init", "-q");
  return root;
}

hanami("apps mounted in config/environment.rb take their path; actions get the callbacks of controller.prepare unless they empty them", () => {
  const lines = guardedRoutes(hanamiProject());
  assert.equal(lines, [
    "GET /about",
    "GET /api/articles",
    "POST /api/articles [authenticate!]",
    "POST /api/articles/{slug}/comments [authenticate!]",
    "GET /api/tags",
  ]);
});

hanami.run();
