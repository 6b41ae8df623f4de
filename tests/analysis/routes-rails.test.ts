import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { commitAll, fixtureRepo, git, tempDir, writeFiles } from "../helpers/repo.ts";
import { guardedRoutes } from "../helpers/routes.ts";

const list = (root: string) =>
  analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}:${r.line} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`);

const rails = suite("Rails routes");

rails("resources, nesting, member and collection routes, namespaces and scopes, drawn files, devise guards", () => {
  assert.equal(list(fixtureRepo("routes-rails")), [
    "GET / config/routes.rb:2 pages#home",
    "GET /about config/routes.rb:4 pages#about",
    "GET /admin/reports config/routes.rb:25 admin/reports#index [authenticate(user)]",
    "GET /api/v1/users config/routes.rb:19 api/v1/users#index",
    "POST /api/v1/users config/routes.rb:19 api/v1/users#create",
    "GET /api/v1/users/{slug} config/routes.rb:19 api/v1/users#show",
    "GET /articles config/routes.rb:8 articles#index",
    "GET /articles/{article_id}/comments config/routes.rb:9 comments#index",
    "POST /articles/{article_id}/comments config/routes.rb:9 comments#create",
    "DELETE /articles/{article_id}/comments/{id} config/routes.rb:9 comments#destroy",
    "PATCH /articles/{article_id}/comments/{id} config/routes.rb:9 comments#update",
    "PUT /articles/{article_id}/comments/{id} config/routes.rb:9 comments#update",
    "GET /articles/{id} config/routes.rb:8 articles#show",
    "POST /articles/{id}/publish config/routes.rb:11 articles#publish",
    "GET /articles/preview config/routes.rb:13 articles#preview",
    "GET /help config/routes.rb:5 pages#help",
    "GET /internal/jobs config/routes/internal.rb:1 jobs#index",
    "DELETE /internal/jobs/{id} config/routes/internal.rb:1 jobs#destroy",
    "GET /internal/metrics config/routes/internal.rb:2 metrics#show",
    "GET /ping config/routes.rb:37 proc",
    "GET /profile config/routes.rb:15 profiles#show",
    "PATCH /profile config/routes.rb:15 profiles#update",
    "PUT /profile config/routes.rb:15 profiles#update",
    "GET /search config/routes.rb:6 search#index",
    "POST /search config/routes.rb:6 search#index",
    "ALL /sidekiq config/routes.rb:38 Sidekiq::Web",
    "GET /status config/routes.rb:30 status#show",
  ]);
});

rails("guards declared in the controller: before_action with except/only, inherited, skipped; a filter without the bang only loads the user", () => {
  const root = tempDir("tool-rails-controller-guards-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  scope :api do\n    resources :articles, only: [:index, :show, :create, :destroy]\n    namespace :admin do\n      resources :reports, only: [:index, :show]\n    end\n  end\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::API\n  before_action :authenticate_user\n  before_action :underscore_params!\nend\n",
    "app/controllers/articles_controller.rb": "class ArticlesController < ApplicationController\n  before_action :authenticate_user!, except: [:index, :show]\n  before_action :find_article!, only: %i[show destroy]\n\n  def index; end\n  def show; end\n  def create; end\n  def destroy; end\nend\n",
    "app/controllers/admin/base_controller.rb": "module Admin\n  class BaseController < ApplicationController\n    before_action :require_admin\n  end\nend\n",
    "app/controllers/admin/reports_controller.rb": "module Admin\n  class ReportsController < BaseController\n    skip_before_action :require_admin, only: :index\n\n    def index; end\n    def show; end\n  end\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /api/admin/reports admin/reports#index []",
    "GET /api/admin/reports/{id} admin/reports#show [require_admin]",
    "GET /api/articles articles#index []",
    "POST /api/articles articles#create [authenticate_user!]",
    "DELETE /api/articles/{id} articles#destroy [authenticate_user!]",
    "GET /api/articles/{id} articles#show []",
  ]);
});

rails("a filter named for a sign-in it requires of either kind (login_or_feed_token_required, admin_or_self_login_required) guards the actions it is put before, where the app's login_required is skipped", () => {
  const root = tempDir("tool-rails-either-login-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :todos, only: [:index, :create, :destroy]\n  resources :users, only: [:show]\n  get 'login' => 'login#login'\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  prepend_before_action :login_required\nend\n",
    "app/controllers/todos_controller.rb": "class TodosController < ApplicationController\n  skip_before_action :login_required, :only => [:index, :create]\n  prepend_before_action :login_or_feed_token_required, :only => [:index]\n\n  def index; end\n  def create; end\n  def destroy; end\nend\n",
    "app/controllers/users_controller.rb": "class UsersController < ApplicationController\n  before_action :admin_or_self_login_required, :only => [:show]\n\n  def show; end\nend\n",
    "app/controllers/login_controller.rb": "class LoginController < ApplicationController\n  skip_before_action :login_required\n\n  def login; end\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /login login#login []",
    "GET /todos todos#index [login_or_feed_token_required]",
    "POST /todos todos#create []",
    "DELETE /todos/{id} todos#destroy [login_required]",
    "GET /users/{id} users#show [login_required,admin_or_self_login_required]",
  ]);
});

rails("an action its controller skips the app's guard for (skip_before_action :authenticate_user!, only: :timezone) is declared public, and its unguarded write is low; one that skips it for a guard of its own, or skips a filter that checks nobody, is not", () => {
  const root = tempDir("tool-rails-skipped-guard-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  post '/home/timezone', to: 'home#timezone'\n  post '/home/redraw', to: 'home#redraw'\n  post '/home/export', to: 'home#export'\n  post '/reports', to: 'reports#create'\n  post '/notes', to: 'notes#create'\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  before_action :authenticate_user!\n  before_action :set_context\nend\n",
    "app/controllers/home_controller.rb": "class HomeController < ApplicationController\n  skip_before_action :authenticate_user!, only: %i[timezone]\n  skip_before_action :set_context, only: :redraw\n\n  def timezone; end\n  def redraw; end\n  def export; end\nend\n",
    "app/controllers/reports_controller.rb": "class ReportsController < ApplicationController\n  skip_before_action :authenticate_user!\n  before_action :require_api_token!\n\n  def create; end\nend\n",
    "app/controllers/notes_controller.rb": "class NotesController < ApplicationController\n  def create; end\nend\n",
  });
  const report = analyze(root);
  assert.equal(report.routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]${r.public ? " public" : ""}`), [
    "POST /home/export [authenticate_user!]",
    "POST /home/redraw [authenticate_user!]",
    "POST /home/timezone [] public",
    "POST /notes [authenticate_user!]",
    "POST /reports [require_api_token!]",
  ]);
  assert.equal(report.findings.filter((f) => f.rule === "unguarded-write").map((f) => `${f.severity} ${f.title}`), ["low POST /home/timezone has no route-level guard"]);
});

rails("filter options in the older hash-rocket style (:only => [:edit], :except => :show) limit the filter as only: and except: do; resource :status is StatusesController's, resource :metadata MetadataController's", () => {
  const root = tempDir("tool-rails-hash-rocket-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :notes, :only => [:index, :show, :edit, :destroy]\n  resource :status, :only => :show\n  resource :metadata, :only => :show\nend\n",
    // `resource :metadata` is MetadataController: Rails keeps a plural of a Latin word as it is.
    "app/controllers/metadata_controller.rb": "class MetadataController < ApplicationController\n  before_action :require_user\n\n  def show; end\nend\n",
    // A singular resource's controller is plural: `resource :status` is StatusesController.
    "app/controllers/statuses_controller.rb": "class StatusesController < ApplicationController\n  before_action :require_user, :only => :show\n\n  def show; end\nend\n",
    "app/controllers/notes_controller.rb": "class NotesController < ApplicationController\n  before_action :require_user, :only => [:edit]\n  before_action :require_admin, :except => :show\n  skip_before_action :require_admin, :only => \"index\"\n\n  def index; end\n  def show; end\n  def edit; end\n  def destroy; end\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /metadata metadata#show [require_user]",
    "GET /notes notes#index []",
    "DELETE /notes/{id} notes#destroy [require_admin]",
    "GET /notes/{id} notes#show []",
    "GET /notes/{id}/edit notes#edit [require_user,require_admin]",
    "GET /status statuses#show [require_user]",
  ]);
});

rails("a filter named like a check whose body acts only on a caller who is signed in (if session[:user] ... end, ... if current_user) guards nothing; one that turns away a missing user does", () => {
  const root = tempDir("tool-rails-signed-in-only-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :maps, :only => [:index, :edit]\nend\n",
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  def authorize_web",
      "    if session[:user]",
      "      self.current_user = User.find_by(:id => session[:user])",
      "      if current_user.suspended?",
      "        redirect_to :controller => \"users\", :action => \"suspended\"",
      "      end",
      "    end",
      "  end",
      "",
      "  def require_oauth",
      "    @oauth_token = current_user.oauth_token if current_user",
      "  end",
      "",
      "  def require_login",
      "    if current_user.nil?",
      "      redirect_to login_path",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/maps_controller.rb": "class MapsController < ApplicationController\n  include OrganizationScopable\n  before_action :authorize_web\n  before_action :require_oauth\n  before_action :require_login, :only => :edit\n\n  def index; end\n  def edit; end\nend\n",
    // A concern's filter that returns at once for a caller who is not signed in (Homeward Tails' `verify_person_in_org`).
    "app/controllers/concerns/organization_scopable.rb": [
      "module OrganizationScopable",
      "  extend ActiveSupport::Concern",
      "",
      "  included do",
      "    before_action :verify_person_in_org",
      "  end",
      "",
      "  def verify_person_in_org",
      "    return unless current_user",
      "    set_current_person",
      "    return if Current.person.present?",
      "",
      "    redirect_to new_person_path, notice: \"Please create a profile for this organization.\"",
      "  end",
      "end",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /maps maps#index []",
    "GET /maps/{id}/edit maps#edit [require_login]",
  ]);
});

rails("CanCanCan's authorize_resource guards the actions the Ability does not grant a caller without a user (rules outside if user ... end, aliases read/create/update/manage, :class => false and :class => Model); current_ability naming another Ability is read", () => {
  const root = tempDir("tool-rails-cancan-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'cancancan'\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  resources :diary_entries, :only => [:index, :show, :new, :create]",
      "  resources :messages, :only => [:index, :show]",
      "  resource :search, :only => [:show]",
      "  resources :traces, :only => [:index]",
      "  namespace :api do",
      "    resources :notes, :only => [:index, :create]",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/models/ability.rb": [
      "class Ability",
      "  include CanCan::Ability",
      "",
      "  def initialize(user)",
      "    can :read, [:search]",
      "    if Settings.status != \"database_offline\"",
      "      can [:read], DiaryEntry",
      "      can :index, Trace unless Settings.traces_disabled",
      "    end",
      "",
      "    if user&.active?",
      "      can [:create], DiaryEntry",
      "      can :manage, Message",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/abilities/api_ability.rb": "class ApiAbility\n  include CanCan::Ability\n\n  def initialize(user, scopes)\n    can :index, Note\n    if user\n      can :create, Note\n    end\n  end\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/diary_entries_controller.rb": "class DiaryEntriesController < ApplicationController\n  authorize_resource\n\n  def index; end\n  def show; end\n  def new; end\n  def create; end\nend\n",
    "app/controllers/messages_controller.rb": "class MessagesController < ApplicationController\n  authorize_resource\n\n  def index; end\n  def show; end\nend\n",
    "app/controllers/searches_controller.rb": "class SearchesController < ApplicationController\n  authorize_resource :class => false\n\n  def show; end\nend\n",
    "app/controllers/traces_controller.rb": "class TracesController < ApplicationController\n  authorize_resource :class => Trace\n\n  def index; end\nend\n",
    "app/controllers/api/notes_controller.rb": "module Api\n  class NotesController < ApplicationController\n    authorize_resource\n\n    def current_ability\n      ApiAbility.new(current_user, [])\n    end\n\n    def index; end\n    def create; end\n  end\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /api/notes api/notes#index []",
    "POST /api/notes api/notes#create [authorize_resource]",
    "GET /diary_entries diary_entries#index []",
    "POST /diary_entries diary_entries#create [authorize_resource]",
    "GET /diary_entries/{id} diary_entries#show []",
    "GET /diary_entries/new diary_entries#new [authorize_resource]",
    "GET /messages messages#index [authorize_resource]",
    "GET /messages/{id} messages#show [authorize_resource]",
    "GET /search searches#show []",
    "GET /traces traces#index []",
  ]);
});

rails("a controller's parent named relative to its modules (OldElements::RedactionsController inside module Api; module OldNodes) is found outwards, and its filters guard", () => {
  const root = tempDir("tool-rails-relative-parent-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  namespace :api do\n    post \"node/:id/redact\" => \"old_nodes/redactions#create\"\n  end\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/api/old_elements/redactions_controller.rb": "module Api\n  module OldElements\n    class RedactionsController < ApplicationController\n      before_action :authenticate_user!\n\n      def create; end\n    end\n  end\nend\n",
    "app/controllers/api/old_nodes/redactions_controller.rb": "module Api\n  module OldNodes\n    class RedactionsController < OldElements::RedactionsController\n    end\n  end\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "POST /api/node/{id}/redact api/old_nodes/redactions#create [authenticate_user!]",
  ]);
});

rails("a filter not named like a check guards when every branch of its if ... else makes one, directly (authorize) or through a method of the chain that does (find_optional_project); one without an else, or with a branch that checks nothing, does not", () => {
  const root = tempDir("tool-rails-branch-checks-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :time_entries, :only => [:index, :new, :create]\nend\n",
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  def find_optional_project",
      "    if params[:project_id].present?",
      "      @project = Project.find(params[:project_id])",
      "    end",
      "    authorize_global",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/time_entries_controller.rb": [
      "class TimeEntriesController < ApplicationController",
      "  before_action :find_optional_issue, :only => [:new, :create]",
      "  before_action :find_optional_filter, :only => [:index]",
      "",
      "  def index; end",
      "  def new; end",
      "  def create; end",
      "",
      "  private",
      "",
      "  def find_optional_issue",
      "    if params[:issue_id].present?",
      "      @issue = Issue.find(params[:issue_id])",
      "      authorize",
      "    else",
      "      find_optional_project",
      "    end",
      "  end",
      "",
      "  def find_optional_filter",
      "    if params[:issue_id].present?",
      "      authorize",
      "    else",
      "      @filter = nil",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /time_entries time_entries#index []",
    "POST /time_entries time_entries#create [authorize]",
    "GET /time_entries/new time_entries#new [authorize]",
  ]);
});

rails("versionist's api_version(module:, path: {value:}) scopes its routes; a before_action written as a block (before_action except: [...] do require_access_token ... end) guards as the check it calls", () => {
  const root = tempDir("tool-rails-api-version-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'versionist'\n",
    "config/routes.rb": 'Rails.application.routes.draw do\n  api_version(module: "Api::V1", path: {value: "api/v1"}) do\n    resources :aspects, only: %i[index create]\n    resources :tags, only: %i[index]\n  end\nend\n',
    "app/controllers/api/v1/base_controller.rb": "module Api\n  module V1\n    class BaseController < ActionController::API\n    end\n  end\nend\n",
    "app/controllers/api/v1/aspects_controller.rb": [
      "module Api",
      "  module V1",
      "    class AspectsController < Api::V1::BaseController",
      "      before_action except: %i[create] do",
      "        require_access_token %w[contacts:read]",
      "      end",
      "",
      "      before_action only: %i[create] do",
      "        require_access_token %w[contacts:modify]",
      "      end",
      "",
      "      def index; end",
      "      def create; end",
      "    end",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/api/v1/tags_controller.rb": [
      "module Api",
      "  module V1",
      "    class TagsController < Api::V1::BaseController",
      "      # A block that checks nobody.",
      "      before_action do",
      "        set_locale params[:locale]",
      "      end",
      "",
      "      def index; end",
      "    end",
      "  end",
      "end",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler} [${r.guards.join(",")}]`), [
    "GET /api/v1/aspects api/v1/aspects#index [require_access_token]",
    "POST /api/v1/aspects api/v1/aspects#create [require_access_token]",
    "GET /api/v1/tags api/v1/tags#index []",
  ]);
});

rails("a filter named for a signed-in caller (require_logged_in_user, require_logged_in_admin) guards the actions it runs before", () => {
  const root = tempDir("tool-rails-logged-in-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :comments, only: [:index, :create]\n  resources :categories, only: [:new]\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  before_action :set_traffic_style\nend\n",
    "app/controllers/comments_controller.rb": "class CommentsController < ApplicationController\n  before_action :require_logged_in_user_or_400,\n    only: [:create]\n\n  def index; end\n  def create; end\nend\n",
    "app/controllers/categories_controller.rb": "class CategoriesController < ApplicationController\n  before_action :require_logged_in_admin\n\n  def new; end\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /categories/new [require_logged_in_admin]",
    "GET /comments []",
    "POST /comments [require_logged_in_user_or_400]",
  ]);
});

rails("a filter that sends anonymous callers to sign in (redirect_to_signin) guards, added by a concern's class method or a namespaced concern's included block too; Rails' HTTP authentication (authenticate_or_request_with_http_basic, http_basic_authenticate_with) guards; OmniAuth's callback check is the way in, no guard", () => {
  const root = tempDir("tool-rails-signin-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  resource :profile, only: [:show, :edit]",
      "  resources :providers, only: [:index, :show]",
      "  resources :sendgrid_events, only: [:index, :create]",
      "  resources :publishers, only: [:index]",
      "  get '/oauth/:provider/callback', to: 'oauth#create'",
      "  namespace :api do",
      "    resource :api_key, only: [:show, :create]",
      "    resource :verification, only: [:create]",
      "    resources :tags, only: [:index]",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  include Clearance::Authentication",
      "",
      "  def redirect_to_signin",
      "    redirect_to sign_in_path, alert: t('please_sign_in')",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/profiles_controller.rb": "class ProfilesController < ApplicationController\n  before_action :redirect_to_signin, unless: :signed_in?, except: :show\n\n  def show; end\n  def edit; end\nend\n",
    // A concern's class method adds the filters with the options it is handed, unnamed (`**`).
    "app/controllers/concerns/session_verifiable.rb": [
      "module SessionVerifiable",
      "  extend ActiveSupport::Concern",
      "",
      "  class_methods do",
      "    def verify_session_before(**)",
      "      before_action(:redirect_to_signin, **, unless: :signed_in?)",
      "      before_action(:redirect_to_verify, **, unless: :verified_session_active?)",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    // Asked only of a request that sends a token: anonymous callers get through.
    "app/controllers/api/tags_controller.rb": [
      "class Api::TagsController < ApplicationController",
      "  before_action :authenticate_user",
      "",
      "  def index; end",
      "",
      "  private",
      "",
      "  def authenticate_user",
      "    if request.headers['Authorization'].present?",
      "      authenticate_or_request_with_http_token do |token|",
      "        @current_user_id = decode(token)",
      "      end",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/sendgrid_events_controller.rb": "class SendgridEventsController < ApplicationController\n  http_basic_authenticate_with(\n    name: ENV.fetch('HOOK_USER'),\n    password: ENV.fetch('HOOK_PASSWORD'),\n    except: :index\n  )\n\n  def index; end\n  def create; end\nend\n",
    // A namespaced concern, autoloaded from app/controllers, whose included block includes another.
    "app/controllers/oidc/concerns/publisher_creation.rb": "module Oidc::Concerns::PublisherCreation\n  extend ActiveSupport::Concern\n\n  included do\n    include SessionVerifiable\n\n    verify_session_before\n  end\nend\n",
    "app/controllers/publishers_controller.rb": "class PublishersController < ApplicationController\n  include Oidc::Concerns::PublisherCreation\n\n  def index; end\nend\n",
    "app/controllers/oauth_controller.rb": "class OauthController < ApplicationController\n  before_action :check_valid_omniauth\n\n  def create; end\nend\n",
    "app/controllers/providers_controller.rb": "class ProvidersController < ApplicationController\n  include SessionVerifiable\n\n  verify_session_before except: :show\n\n  def index; end\n  def show; end\nend\n",
    "app/controllers/api/api_keys_controller.rb": [
      "class Api::ApiKeysController < ApplicationController",
      "  def show",
      "    render plain: 'retired', status: :gone",
      "  end",
      "",
      "  def create",
      "    authenticate_or_request_with_http_basic do |username, password|",
      "      render plain: User.authenticate(username, password).api_key",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/api/verifications_controller.rb": [
      "class Api::VerificationsController < ApplicationController",
      "  before_action :authenticate_with_credentials",
      "",
      "  def create; end",
      "",
      "  private",
      "",
      "  def authenticate_with_credentials",
      "    authenticate_or_request_with_http_basic do |username, password|",
      "      @user = User.authenticate(username, password)",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /api/api_key []",
    "POST /api/api_key [(checks the caller in the action)]",
    "GET /api/tags []",
    "POST /api/verification [authenticate_with_credentials]",
    "GET /oauth/{provider}/callback []",
    "GET /profile []",
    "GET /profile/edit [redirect_to_signin]",
    "GET /providers [redirect_to_signin]",
    "GET /providers/{id} []",
    "GET /publishers [redirect_to_signin]",
    "GET /sendgrid_events []",
    "POST /sendgrid_events [http_basic_authenticate_with]",
  ]);
});

rails("format: true makes the format segment required, in the block too; a namespace or scope inside a collection block goes under the collection's path", () => {
  const root = tempDir("tool-rails-format-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  namespace :api do",
      "    resources :downloads, only: :show, format: true",
      "    resources :versions, only: :show, format: true do",
      "      member do",
      "        get :latest",
      "      end",
      "    end",
      "    get 'owners/:handle/gems', to: 'owners#gems', format: true",
      "  end",
      "  resources :rubygems, only: [:index], path: 'gems' do",
      "    collection do",
      "      namespace :transfer do",
      '        get "users", to: "/rubygems/transfer/users#edit"',
      "      end",
      "      scope :export do",
      "        get :all",
      "      end",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /api/downloads/{id}.{format} api/downloads#show",
    "GET /api/owners/{handle}/gems.{format} api/owners#gems",
    "GET /api/versions/{id}.{format} api/versions#show",
    "GET /api/versions/{id}/latest.{format} api/versions#latest",
    "GET /gems rubygems#index",
    "GET /gems/export/all rubygems#all",
    "GET /gems/transfer/users rubygems/transfer/users#edit",
  ]);
});

rails("Rails 8's authentication concern: allow_unauthenticated_access skips require_authentication and runs restore_authentication, which only resumes a session: no guard", () => {
  const root = tempDir("tool-rails-8-auth-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :books, only: [:index, :create]\n  resource :session, only: [:new, :create]\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  include Authentication\nend\n",
    "app/controllers/concerns/authentication.rb": [
      "module Authentication",
      "  extend ActiveSupport::Concern",
      "",
      "  included do",
      "    before_action :require_authentication",
      "  end",
      "",
      "  class_methods do",
      "    def allow_unauthenticated_access(**options)",
      "      skip_before_action :require_authentication, **options",
      "      before_action :restore_authentication, **options",
      "    end",
      "  end",
      "",
      "  private",
      "    def require_authentication",
      "      restore_authentication || request_authentication",
      "    end",
      "",
      "    def restore_authentication",
      "      if session = find_session_by_cookie",
      "        resume_session session",
      "      end",
      "    end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/books_controller.rb": "class BooksController < ApplicationController\n  allow_unauthenticated_access only: :index\n\n  def index; end\n  def create; end\nend\n",
    "app/controllers/sessions_controller.rb": "class SessionsController < ApplicationController\n  allow_unauthenticated_access\n\n  def new; end\n  def create; end\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /books []",
    "POST /books [require_authentication]",
    "POST /session []",
    "GET /session/new []",
  ]);
});

rails("a filter named as Devise names its check (omniauth_workaround_authenticate_user!) guards, though it names OmniAuth; one named for OmniAuth alone does not", () => {
  const root = tempDir("tool-rails-devise-filter-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'devise'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :users, only: [:edit, :update]\n  resources :identities, only: [:create]\nend\n",
    "app/controllers/users_controller.rb": "class UsersController < ApplicationController\n  before_action :omniauth_workaround_authenticate_user!, only: [:edit, :update]\n  def edit; end\n  def update; end\nend\n",
    "app/controllers/identities_controller.rb": "class IdentitiesController < ApplicationController\n  before_action :check_valid_omniauth\n  def create; end\nend\n",
  });
  assert.equal(guardedRoutes(root), [
    "POST /identities",
    "PATCH /users/{id} [omniauth_workaround_authenticate_user!]",
    "PUT /users/{id} [omniauth_workaround_authenticate_user!]",
    "GET /users/{id}/edit [omniauth_workaround_authenticate_user!]",
  ]);
});

rails("devise_for draws devise_invitable's invitation routes and omniauthable's provider routes when the model enables them (and sessions for devise-two-factor's two_factor_authenticatable), one per provider it names (else each the initializer configures), across the model's devise calls, under the initializer's omniauth_path_prefix", () => {
  const root = tempDir("tool-rails-devise-invitable-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'devise'\ngem 'devise_invitable'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  devise_for :users, controllers: { omniauth_callbacks: 'users/omniauth_callbacks' }\n  devise_for :admins\nend\n",
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :invitable, :database_authenticatable\n  devise :omniauthable, omniauth_providers: [:google_oauth2]\nend\n",
    // devise-two-factor's module signs in through the sessions routes as database_authenticatable does.
    "app/models/admin.rb": "class Admin < ApplicationRecord\n  devise :two_factor_authenticatable\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /admins/sign_in devise/sessions#new",
    "POST /admins/sign_in devise/sessions#create",
    "DELETE /admins/sign_out devise/sessions#destroy",
    "POST /users/auth/google_oauth2 users/omniauth_callbacks#passthru",
    "GET /users/auth/google_oauth2/callback users/omniauth_callbacks#google_oauth2",
    "POST /users/auth/google_oauth2/callback users/omniauth_callbacks#google_oauth2",
    "PATCH /users/invitation devise/invitations#update",
    "POST /users/invitation devise/invitations#create [authenticate_inviter!]",
    "PUT /users/invitation devise/invitations#update",
    "GET /users/invitation/accept devise/invitations#edit",
    "GET /users/invitation/new devise/invitations#new [authenticate_inviter!]",
    "GET /users/invitation/remove devise/invitations#destroy",
    "GET /users/sign_in devise/sessions#new",
    "POST /users/sign_in devise/sessions#create",
    "DELETE /users/sign_out devise/sessions#destroy",
  ]);
  // The initializer moves OmniAuth's routes (`config.omniauth_path_prefix`); without named providers they keep a parameter.
  writeFiles(root, {
    "config/initializers/devise.rb": "Devise.setup do |config|\n  config.omniauth_path_prefix = '/auth'\nend\n",
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :database_authenticatable, :omniauthable\nend\n",
  });
  assert.equal(analyze(root).routes.items.filter((r) => r.path.startsWith("/auth")).map((r) => `${r.method} ${r.path}`), [
    "POST /auth/{provider}",
    "GET /auth/{provider}/callback",
    "POST /auth/{provider}/callback",
  ]);
  // A model that names no provider has those the initializer configures (`config.omniauth :github, ...`).
  writeFiles(root, { "config/initializers/devise.rb": "Devise.setup do |config|\n  config.omniauth_path_prefix = '/auth'\n  config.omniauth :github, ENV['GITHUB_APP_ID'], ENV['GITHUB_APP_SECRET'], scope: 'user:email'\nend\n" });
  assert.equal(analyze(root).routes.items.filter((r) => r.path.startsWith("/auth")).map((r) => `${r.method} ${r.path}`), [
    "POST /auth/github",
    "GET /auth/github/callback",
    "POST /auth/github/callback",
  ]);
  // One configured only when the environment holds its keys is off as shipped; one renamed by its options serves its name.
  writeFiles(root, {
    "config/initializers/devise.rb": [
      "Devise.setup do |config|",
      "  config.omniauth_path_prefix = '/auth'",
      "  if defined?(OmniAuth::Strategies::Twitter) &&",
      "     (key = ENV['TWITTER_OAUTH_KEY']).present? &&",
      "     (secret = ENV['TWITTER_OAUTH_SECRET']).present?",
      "    config.omniauth :twitter, key, secret",
      "  end",
      "  if (key = ENV['EVERNOTE_KEY']).present?",
      "    if ENV['USE_EVERNOTE_SANDBOX'] == 'true'",
      "      config.omniauth :evernote, key, ENV['EVERNOTE_SECRET'], client_options: { site: 'https://sandbox.evernote.com' }",
      "    end",
      "  end",
      "  config.omniauth :google_oauth2, ENV['GOOGLE_ID'], ENV['GOOGLE_SECRET'], {",
      "    name: :google,",
      "    access_type: 'offline'",
      "  }",
      "end",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.filter((r) => r.path.startsWith("/auth")).map((r) => `${r.method} ${r.path}`), [
    "POST /auth/google",
    "GET /auth/google/callback",
    "POST /auth/google/callback",
  ]);
  // Every provider switched off so: no OmniAuth route at all.
  writeFiles(root, { "config/initializers/devise.rb": "Devise.setup do |config|\n  config.omniauth_path_prefix = '/auth'\n  if ENV['GITHUB_APP_ID'].present?\n    config.omniauth :github, ENV['GITHUB_APP_ID'], ENV['GITHUB_APP_SECRET']\n  end\nend\n" });
  assert.equal(analyze(root).routes.items.filter((r) => r.path.startsWith("/auth")).map((r) => `${r.method} ${r.path}`), []);
});

rails("a concern's included filters guard the controllers that include it, and a concern's macro (skip_authentication only: [...]) skips them as its body says", () => {
  const root = tempDir("tool-rails-concerns-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :accounts, only: [:index]\n  resource :registration, only: [:new, :create]\n  resource :mfa, only: [:new, :create], controller: 'mfa' do\n    get :verify\n  end\nend\n",
    "app/controllers/concerns/authentication.rb": [
      "module Authentication",
      "  extend ActiveSupport::Concern",
      "",
      "  included do",
      "    before_action :set_request_details",
      "    before_action :authenticate_user!",
      "  end",
      "",
      "  class_methods do",
      "    def skip_authentication(**options)",
      "      skip_before_action :authenticate_user!, **options",
      "    end",
      "  end",
      "",
      "  private",
      "    def authenticate_user!",
      "      redirect_to new_session_url unless Current.session",
      "    end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  include Localize, Authentication\nend\n",
    "app/controllers/accounts_controller.rb": "class AccountsController < ApplicationController\n  def index; end\nend\n",
    "app/controllers/registrations_controller.rb": "class RegistrationsController < ApplicationController\n  skip_authentication\n\n  def new; end\n  def create; end\nend\n",
    "app/controllers/mfa_controller.rb": "class MfaController < ApplicationController\n  skip_authentication only: [ :verify ]\n\n  def new; end\n  def create; end\n  def verify; end\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /accounts [authenticate_user!]",
    "POST /mfa [authenticate_user!]",
    "GET /mfa/new [authenticate_user!]",
    "GET /mfa/verify []",
    "POST /registration []",
    "GET /registration/new []",
  ]);
});

rails("use_doorkeeper draws Doorkeeper's OAuth routes under /oauth (or its scope), each with its controller's check; skip_controllers leaves some out", () => {
  const root = tempDir("tool-rails-doorkeeper-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'doorkeeper'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  use_doorkeeper do\n    skip_controllers :applications, :authorized_applications\n  end\nend\n",
  });
  assert.equal(guardedRoutes(root), [
    "DELETE /oauth/authorize [authenticate_resource_owner!]",
    "GET /oauth/authorize [authenticate_resource_owner!]",
    "POST /oauth/authorize [authenticate_resource_owner!]",
    "GET /oauth/authorize/native [authenticate_resource_owner!]",
    "POST /oauth/introspect [doorkeeper_authorize!]",
    "POST /oauth/revoke",
    "POST /oauth/token",
    "GET /oauth/token/info [doorkeeper_authorize!]",
  ]);
});

rails("a filter without the bang guards when the controller defines it to turn away a missing user, or to answer 401 when decoding a token it reads in any case fails, or to refuse in the else of the test that lets a caller through (unauthorized_error); one that refuses only a bad token it found does not", () => {
  const root = tempDir("tool-rails-own-authenticate-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  scope '/api' do\n    resources :articles, only: [:index, :create]\n    resources :tags, only: [:index, :create]\n    resources :comments, only: [:create]\n  end\n  namespace :admin do\n    resources :memberships, only: [:create]\n  end\nend\n",
    "app/controllers/admin/base_controller.rb": [
      "module Admin",
      "  class BaseController < ApplicationController",
      "    before_action :authenticate_admin",
      "",
      "    private",
      "",
      "    def authenticate_admin",
      "      key = request.headers['X-Admin-API-Key']",
      "      if key.present? && ActiveSupport::SecurityUtils.secure_compare(key, ENV['ADMIN_API_KEY'].to_s)",
      "        true",
      "      else",
      "        unauthorized_error",
      "      end",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/admin/memberships_controller.rb": "module Admin\n  class MembershipsController < BaseController\n    def create; end\n  end\nend\n",
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::API",
      "  private",
      "",
      "  def authenticate",
      "    return unauthorized if @current_user.nil?",
      "  end",
      "",
      "  def authenticate_token",
      "    if request.headers['Authorization'].present?",
      "      decode(request.headers['Authorization'])",
      "    rescue JWT::DecodeError",
      "      head :unauthorized",
      "    end",
      "  end",
      "",
      "  def authenticate_user",
      "    begin",
      "      token = request.headers['Authorization'].split(' ').last",
      "      @user = User.find(JWT.decode(token, secret).first['id'])",
      "    rescue JWT::DecodeError, ActiveRecord::RecordNotFound",
      "      render json: { errors: ['Invalid token'] }, status: :unauthorized",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/articles_controller.rb": "class ArticlesController < ApplicationController\n  before_action :authenticate, except: :index\n\n  def index; end\n  def create; end\nend\n",
    "app/controllers/tags_controller.rb": "class TagsController < ApplicationController\n  before_action :authenticate_token\n\n  def index; end\n  def create; end\nend\n",
    "app/controllers/comments_controller.rb": "class CommentsController < ApplicationController\n  before_action :authenticate_user, only: [:create]\n\n  def create; end\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "POST /admin/memberships [authenticate_admin]",
    "GET /api/articles []",
    "POST /api/articles [authenticate]",
    "POST /api/comments [authenticate_user]",
    "GET /api/tags []",
    "POST /api/tags []",
  ]);
});

rails("a filter without the bang guards when every caller its test did not let through (with an early return) reaches a refusal; one that lets every caller return first does not", () => {
  const root = tempDir("tool-rails-refusal-after-return-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  namespace :data_api do\n    namespace :v1 do\n      resources :charges, only: [:create]\n      resources :events, only: [:create]\n    end\n  end\nend\n",
    "app/controllers/data_api/base_controller.rb": [
      "module DataApi",
      "  class BaseController < ApplicationController",
      "    before_action :authenticate",
      "",
      "    private",
      "",
      "    def authenticate",
      "      key_header = request.headers['X-Data-API-Key']",
      "      expected_key = ENV['DATA_API_TOKEN']",
      "",
      "      if key_header.present? && expected_key.present? && ActiveSupport::SecurityUtils.secure_compare(key_header, expected_key)",
      "        CurrentContext.email = nil",
      "        return true",
      "      end",
      "",
      "      unauthorized_error",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/data_api/v1/charges_controller.rb": "module DataApi\n  module V1\n    class ChargesController < DataApi::BaseController\n      def create; end\n    end\n  end\nend\n",
    "app/controllers/data_api/v1/events_controller.rb": [
      "module DataApi",
      "  module V1",
      "    class EventsController < ApplicationController",
      "      before_action :authenticate_sender",
      "",
      "      def create; end",
      "",
      "      private",
      "",
      "      def authenticate_sender",
      "        return if request.headers['Authorization'].blank?",
      "",
      "        unauthorized_error",
      "      end",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::API\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "POST /data_api/v1/charges [authenticate]",
    "POST /data_api/v1/events []",
  ]);
});

rails("an engine's routes (Spree::Core::Engine.routes.draw in backend/config/routes.rb, or its add_routes) reach the engine's controllers under the namespace it isolates, with the filters of parents in other engines (prepend_before_action too); actions neither defined nor rendered are not served", () => {
  const root = tempDir("tool-rails-engines-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngemspec\n",
    "backend/config/routes.rb": "Spree::Core::Engine.routes.draw do\n  namespace :admin do\n    resources :orders, only: [:index, :show, :destroy]\n  end\nend\n",
    "backend/app/controllers/spree/admin/base_controller.rb": "module Spree\n  module Admin\n    class BaseController < Spree::BaseController\n      before_action :authorize_admin!\n    end\n  end\nend\n",
    "backend/app/controllers/spree/admin/orders_controller.rb": "module Spree\n  module Admin\n    class OrdersController < Spree::Admin::BaseController\n      def index; end\n    end\n  end\nend\n",
    "backend/app/views/spree/admin/orders/show.html.erb": "<h1><%= @order.number %></h1>\n",
    "api/config/routes.rb": "Spree::Core::Engine.add_routes do\n  namespace :api do\n    resources :products, only: [:index]\n  end\nend\n",
    "api/app/controllers/spree/api/base_controller.rb": "module Spree\n  module Api\n    class BaseController < Spree::BaseController\n      prepend_before_action :authenticate_api_key!\n    end\n  end\nend\n",
    "api/app/controllers/spree/api/products_controller.rb": "module Spree\n  module Api\n    class ProductsController < Spree::Api::BaseController\n      def index; end\n    end\n  end\nend\n",
    "core/app/controllers/spree/base_controller.rb": "module Spree\n  class BaseController < ActionController::Base\n    before_action :authenticate_user!\n  end\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /admin/orders [authenticate_user!,authorize_admin!]",
    "GET /admin/orders/{id} [authenticate_user!,authorize_admin!]",
    "GET /api/products [authenticate_user!,authenticate_api_key!]",
  ]);
});

rails("an engine of the repository the app mounts serves the routes it draws under each mount, and nowhere else; one drawn in the app's own route files reaches the controllers of the namespace it isolates, Devise's there under path_prefix, with its model's modules (class_name) and the initializer's sign_out_via", () => {
  const root = tempDir("tool-rails-engine-mounts-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'devise'\n",
    "config/routes.rb": [
      "Shop::Application.routes.draw do",
      "  namespace :api do",
      "    mount Catalog::Engine, at: '/catalog-v1/'",
      "    mount Catalog::Engine, at: '/catalog/'",
      "  end",
      "  # A gem's engine: the repository draws none of its routes.",
      "  mount Sidekiq::Web, at: '/sidekiq'",
      "  mount Spree::Core::Engine, at: '/'",
      "end",
      "",
    ].join("\n"),
    // The app's own routes in the same file: the engine's stay at the root where they are drawn.
    "config/routes/spree.rb": [
      "Shop::Application.routes.draw do",
      "  get '/cart', to: 'carts#show'",
      "end",
      "Spree::Core::Engine.routes.draw do",
      "  devise_for :spree_user, class_name: 'Spree::User', path_prefix: :user,",
      "             controllers: { sessions: 'spree/user_sessions', registrations: 'user_registrations' }",
      "  namespace :admin do",
      "    resources :users, only: [:index]",
      "  end",
      "end",
      "",
    ].join("\n"),
    "config/initializers/devise.rb": "Devise.setup do |config|\n  config.sign_out_via = :get\nend\n",
    "app/models/spree/user.rb": "module Spree\n  class User < ApplicationRecord\n    devise :database_authenticatable, :recoverable\n  end\nend\n",
    "app/controllers/spree/admin/users_controller.rb": "module Spree\n  module Admin\n    class UsersController < ActionController::Base\n      before_action :authorize_admin\n      def index; end\n    end\n  end\nend\n",
    "engines/catalog/config/routes.rb": "Catalog::Engine.routes.draw do\n  resources :offers, only: [:show]\nend\n",
    "engines/catalog/app/controllers/catalog/offers_controller.rb": "module Catalog\n  class OffersController < ActionController::API\n    before_action :check_token\n    def show; end\n  end\nend\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "GET /admin/users spree/admin/users#index [authorize_admin]",
    "GET /api/catalog-v1/offers/{id} offers#show [check_token]",
    "GET /api/catalog/offers/{id} offers#show [check_token]",
    "GET /cart carts#show",
    "ALL /sidekiq Sidekiq::Web",
    "PATCH /user/spree_user/password spree/passwords#update",
    "POST /user/spree_user/password spree/passwords#create",
    "PUT /user/spree_user/password spree/passwords#update",
    "GET /user/spree_user/password/edit spree/passwords#edit",
    "GET /user/spree_user/password/new spree/passwords#new",
    "GET /user/spree_user/sign_in spree/user_sessions#new",
    "POST /user/spree_user/sign_in spree/user_sessions#create",
    "GET /user/spree_user/sign_out spree/user_sessions#destroy",
  ]);
});

rails("a filter's only:/except: list written %i(...) or %w{...} limits it to those actions", () => {
  const root = tempDir("tool-rails-percent-lists-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  root to: 'home#front'\n  get 'subscriptions' => 'home#subscriptions'\n  resources :notes, only: [:index, :create]\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/home_controller.rb": "class HomeController < ApplicationController\n  before_action :require_user, only: %i(subscriptions nearby)\n\n  def front; end\n  def subscriptions; end\nend\n",
    "app/controllers/notes_controller.rb": "class NotesController < ApplicationController\n  before_action :require_user, except: %w{index}\n\n  def index; end\n  def create; end\nend\n",
  });
  assert.equal(guardedRoutes(root), [
    "GET /",
    "GET /notes",
    "POST /notes [require_user]",
    "GET /subscriptions [require_user]",
  ]);
});

rails("a route with optional segments serves each of its forms, nested ones only with the segment around them; (.:format) is dropped", () => {
  const root = tempDir("tool-rails-optional-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      '  get "/top(/:length(/page/:page))" => "home#top"',
      '  get "/s/:id/(:title)" => "stories#show"',
      '  get "/about(.:format)" => "home#about"',
      '  scope "(:locale)" do',
      '    get "/feed" => "home#feed"',
      "  end",
      "end",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /{locale}/feed home#feed",
    "GET /about home#about",
    "GET /feed home#feed",
    "GET /s/{id} stories#show",
    "GET /s/{id}/{title} stories#show",
    "GET /top home#top",
    "GET /top/{length} home#top",
    "GET /top/{length}/page/{page} home#top",
  ]);
});

rails("routes in specs, comments and strings are not routes", () => {
  const items = analyze(fixtureRepo("routes-rails")).routes.items;
  assert.not.ok(items.some((r) => r.file.startsWith("spec/") || /commented|not-a-route|fake/.test(r.path)));
});

rails("concerns, shallow nesting, controller blocks, match via all, object constraints as guards", () => {
  const root = tempDir();
  writeFiles(root, {
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  concern :commentable do",
      "    resources :comments, only: [:index, :create]",
      "  end",
      "",
      "  resources :articles, only: [:show], concerns: :commentable do",
      "    resources :revisions, only: [:index, :show], shallow: true",
      "  end",
      "",
      "  resources :categories, only: [] do",
      "    get :search, on: :collection",
      "  end",
      "",
      "  controller :sessions do",
      "    get \"login\" => :new",
      "    delete \"logout\" => :destroy",
      "  end",
      "",
      "  match \"/legacy/*path\", to: \"legacy#show\", via: :all",
      "  get \"/admin\", to: \"admin#index\", constraints: AdminConstraint.new",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /admin admin#index [constraints(AdminConstraint)]",
    "GET /articles/{article_id}/comments comments#index",
    "POST /articles/{article_id}/comments comments#create",
    "GET /articles/{article_id}/revisions revisions#index",
    "GET /articles/{id} articles#show",
    "GET /categories/search categories#search",
    "ALL /legacy/{path} legacy#show",
    "GET /login sessions#new",
    "DELETE /logout sessions#destroy",
    "GET /revisions/{id} revisions#show",
  ]);
});

rails("a resource route to a controller the app does not have, in a namespace whose controllers are the app's, serves nothing; one of a namespace the app does not have (a gem's) stays", () => {
  const root = tempDir("tool-rails-missing-controller-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  resources :boards do",
      "    scope module: :boards do",
      "      resource :publication",
      "      resource :subscriptions",
      "    end",
      "  end",
      '  get "/sign_in", to: "passwordless/sessions#new"',
      "end",
      "",
    ].join("\n"),
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/boards_controller.rb": "class BoardsController < ApplicationController\n  def index; end\nend\n",
    "app/controllers/boards/publications_controller.rb": "class Boards::PublicationsController < ApplicationController\n  def create; end\nend\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), [
    "GET /boards",
    "GET /sign_in",
    "POST /boards/{board_id}/publication",
  ]);
});

rails("a resource route whose controller has no such action (nor a view in its place) serves nothing, whatever well-known gem or Rails modules it includes (Pundit::Authorization, FastGettext::Translation, ActiveStorage::SetCurrent); undecided ones stay", () => {
  const root = tempDir("tool-rails-actions-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 7.0"\n',
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :tags\n  resources :pages, only: [:index, :show]\n  resources :reports, only: [:index, :show]\n  resources :legacy, only: [:index]\nend\n",
    // Pundit's module is helpers, not actions: no reason to doubt what the controllers define.
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::API\n  include ActiveStorage::SetCurrent\n  include JsonWebToken\n  include Pundit::Authorization\n  include FastGettext::Translation\nend\n",
    "lib/json_web_token.rb": "module JsonWebToken\n  def self.decode(token); end\nend\n",
    // index only: the other six routes of `resources :tags` end in ActionNotFound.
    "app/controllers/tags_controller.rb": "class TagsController < ApplicationController\n  def index; end\nend\n",
    // show is rendered from its view, with no method.
    "app/controllers/pages_controller.rb": "class PagesController < ApplicationController\n  def index; end\nend\n",
    "app/views/pages/show.html.erb": "<h1>Page</h1>\n",
    // A concern that is not in the repository may bring the actions: undecided, so kept.
    "app/controllers/reports_controller.rb": "class ReportsController < ApplicationController\n  include Reporting::Actions\nend\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /legacy", "GET /pages", "GET /pages/{id}", "GET /reports", "GET /reports/{id}", "GET /tags",
  ]);
});

rails("devise_for draws the sign-in, password and registration routes, with path, path_names, controllers, skip and only", () => {
  const root = tempDir("tool-rails-devise-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 7.0"\ngem "devise"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  scope :api do",
      "    devise_for :users, controllers: { sessions: :sessions }, path_names: { sign_in: :login }, skip: [:passwords]",
      "  end",
      '  devise_for :admins, path: "staff", only: [:sessions]',
      "end", "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards}]` : ""}`), [
    "DELETE /api/users devise/registrations#destroy [authenticate_scope!]",
    "PATCH /api/users devise/registrations#update [authenticate_scope!]",
    "POST /api/users devise/registrations#create",
    "PUT /api/users devise/registrations#update [authenticate_scope!]",
    "GET /api/users/cancel devise/registrations#cancel",
    "GET /api/users/edit devise/registrations#edit [authenticate_scope!]",
    "GET /api/users/login sessions#new",
    "POST /api/users/login sessions#create",
    "DELETE /api/users/sign_out sessions#destroy",
    "GET /api/users/sign_up devise/registrations#new",
    "GET /staff/sign_in devise/sessions#new",
    "POST /staff/sign_in devise/sessions#create",
    "DELETE /staff/sign_out devise/sessions#destroy",
  ]);
});

rails("a namespace with path: nil names a module only; a canonical action in a collection or member block is served at the resource's own path, and a resource nested in a collection block under the collection's", () => {
  const root = tempDir("tool-rails-path-nil-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      '  constraints subdomain: "api" do',
      "    namespace :api, path: nil do",
      "      namespace :v2 do",
      "        resources :users, only: [:create] do",
      "          collection do",
      "            resources :init, only: %i[create], controller: 'users'",
      "            get :info",
      "            patch :update",
      "            delete :destroy",
      "          end",
      "        end",
      "      end",
      "    end",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/api/v2/users_controller.rb": "module Api\n  module V2\n    class UsersController < ActionController::API\n      def create; end\n      def info; end\n      def update; end\n      def destroy; end\n    end\n  end\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "DELETE /v2/users api/v2/users#destroy",
    "PATCH /v2/users api/v2/users#update",
    "POST /v2/users api/v2/users#create",
    "GET /v2/users/info api/v2/users#info",
    "POST /v2/users/init api/v2/users#create",
  ]);
});

rails("an action no filter guards that sends a caller without a user to sign in at its top, or answers 403 unless User.current may, is guarded; one that redirects or answers 404 for another reason, or turns callers away only in a branch (if @user.private?), is not", () => {
  const root = tempDir("tool-rails-action-checks-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\ngem "devise"\n',
    "config/routes.rb": 'Rails.application.routes.draw do\n  get "upgrade", to: "console_redirect#index"\n  get "docs", to: "docs#index"\n  delete "messages/:id", to: "messages#destroy"\n  delete "drafts/:id", to: "messages#discard"\nend\n',
    // Redmine's way: the action answers 403 unless the current user may.
    "app/controllers/messages_controller.rb": [
      "class MessagesController < ApplicationController",
      "  skip_before_action :authenticate_user!",
      "  # On only when a setting asks: it leaves the check to the action.",
      "  before_action :check_if_login_required",
      "",
      "  def destroy",
      "    (render_403; return false) unless @message.destroyable_by?(User.current)",
      "    @message.destroy",
      "  end",
      "",
      "  def discard",
      "    (render_404; return false) unless @draft",
      "    @draft.destroy",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  before_action :authenticate_user!\nend\n",
    "app/controllers/console_redirect_controller.rb": [
      "class ConsoleRedirectController < ApplicationController",
      "  skip_before_action :authenticate_user!",
      "",
      "  def index",
      "    params[:redir] = console_url if request.path == '/upgrade'",
      "    return redirect_to(new_user_session_path({ redir: params[:redir] }.compact)) if true_user.blank?",
      "    redirect_to console_url, allow_other_host: true",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/docs_controller.rb": [
      "class DocsController < ApplicationController",
      "  skip_before_action :authenticate_user!",
      "",
      "  def index",
      "    return redirect_to(root_path) if params[:page].blank?",
      "    render :index",
      "  end",
      "",
      "  def update",
      "    return forbidden unless @current_user",
      "  end",
      "",
      // Only a private profile is kept from others: the page is open.
      "  def show",
      "    @user = User.find(params[:id])",
      "    if @user.private?",
      '      redirect_to root_path, alert: "User is private" unless current_user && @user == current_user',
      "    end",
      "  end",
      "end",
    ].join("\n"),
  });
  writeFiles(root, { "config/routes.rb": 'Rails.application.routes.draw do\n  get "upgrade", to: "console_redirect#index"\n  get "docs", to: "docs#index"\n  get "profiles/:id", to: "docs#show"\n  delete "messages/:id", to: "messages#destroy"\n  delete "drafts/:id", to: "messages#discard"\nend\n' });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /docs",
    "DELETE /drafts/{id}",
    "DELETE /messages/{id} [(checks the caller in the action)]",
    "GET /profiles/{id}",
    "GET /upgrade [(checks the caller in the action)]",
  ]);
});

rails("devise_for draws the routes of the modules the model enables (lockable: unlocks; a module on a condition is off), signing out by the methods sign_out_via names", () => {
  const root = tempDir("tool-rails-devise-modules-");
  writeFiles(root, {
    "Gemfile": "gem 'rails'\ngem 'devise'\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  devise_for :users, controllers: { registrations: 'users/registrations' }, sign_out_via: [:post, :delete]",
      "end",
    ].join("\n"),
    "app/models/user.rb": [
      "class User < ActiveRecord::Base",
      "  devise :database_authenticatable, :registerable,",
      "         :recoverable, :rememberable, :trackable,",
      "         :validatable, :lockable, :omniauthable,",
      "         *(:confirmable if ENV['REQUIRE_CONFIRMED_EMAIL'] == 'true')",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}`);
  assert.ok(routes.includes("POST /users/sign_out") && routes.includes("DELETE /users/sign_out"), routes.join("\n"));
  assert.ok(["GET /users/unlock/new", "GET /users/unlock", "POST /users/unlock", "POST /users/password", "GET /users/sign_up"].every((r) => routes.includes(r)), routes.join("\n"));
  assert.not.ok(routes.some((r) => r.includes("/confirmation")), "confirmable is on only when the environment says so");
});

rails("a devise call whose lines end in comments after their commas still lists every module after them (confirmable, invitable)", () => {
  const root = tempDir("tool-rails-devise-comments-");
  writeFiles(root, {
    "Gemfile": "gem 'rails'\ngem 'devise'\ngem 'devise_invitable'\n",
    "config/routes.rb": ["Rails.application.routes.draw do", "  devise_for :users", "end"].join("\n"),
    "app/models/user.rb": [
      "class User < ActiveRecord::Base",
      "  devise :database_authenticatable,",
      "         :lockable, # devise core model extensions",
      "         :invitable,    # in devise_invitable gem",
      "         :confirmable",
      "  # devise :registerable",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const routes = analyze(root).routes.items.map((r) => `${r.method} ${r.path}`);
  assert.ok(["GET /users/confirmation/new", "POST /users/confirmation", "GET /users/invitation/accept", "GET /users/unlock/new"].every((r) => routes.includes(r)), routes.join("\n"));
  assert.not.ok(routes.includes("GET /users/sign_up"), "registerable is only in a comment");
});

rails("devise draws no unlock routes for a lockable model where the initializer's unlock_strategy does not unlock by email (:none, :time); :both, the default, and :email do", () => {
  const draw = (strategy: string | undefined) => {
    const root = tempDir("tool-rails-devise-unlock-");
    writeFiles(root, {
      "Gemfile": "gem 'rails'\ngem 'devise'\n",
      "config/routes.rb": ["Rails.application.routes.draw do", "  devise_for :users", "end"].join("\n"),
      "app/models/user.rb": ["class User < ActiveRecord::Base", "  devise :database_authenticatable, :lockable", "end"].join("\n"),
      "config/initializers/devise.rb": ["Devise.setup do |config|", "  # ==> Configuration for :lockable", ...(strategy ? [`  config.unlock_strategy = :${strategy}`] : ["  # config.unlock_strategy = :both"]), "end"].join("\n"),
    });
    git(root, "init", "-q");
    return analyze(root).routes.items.filter((r) => r.path.includes("unlock")).map((r) => `${r.method} ${r.path}`);
  };
  assert.equal(draw("none"), []);
  assert.equal(draw("time"), []);
  assert.equal(draw("email"), ["GET /users/unlock", "POST /users/unlock", "GET /users/unlock/new"]);
  assert.equal(draw(undefined), ["GET /users/unlock", "POST /users/unlock", "GET /users/unlock/new"]);
});

rails("a route under a trailing modifier: not drawn `if Rails.env.development?`; under an environment setting (`if ENV[\"X\"] == \"on\"`), drawn where the example env gives the variable that value, not where it gives none; `unless` the reverse", () => {
  const root = tempDir("tool-rails-modifiers-");
  writeFiles(root, {
    "Gemfile": "gem 'rails'\n",
    ".env.example": "SHOW_STATS=on\n# FEATURE_RENEWALS=on\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      '  resources :renewal_requests, only: :create if ENV["FEATURE_RENEWALS"] == "on"',
      '  get "stats", to: "stats#show" if ENV["SHOW_STATS"] == "on"',
      '  get "debug", to: "debug#show" if Rails.env.development?',
      '  get "legacy", to: "legacy#show" unless ENV["SHOW_STATS"] == "on"',
      '  get "ok", to: "ok#show"',
      "end",
    ].join("\n"),
    "app/controllers/renewal_requests_controller.rb": "class RenewalRequestsController < ApplicationController\n  def create; end\nend\n",
    "app/controllers/stats_controller.rb": "class StatsController < ApplicationController\n  def show; end\nend\n",
    "app/controllers/debug_controller.rb": "class DebugController < ApplicationController\n  def show; end\nend\n",
    "app/controllers/legacy_controller.rb": "class LegacyController < ApplicationController\n  def show; end\nend\n",
    "app/controllers/ok_controller.rb": "class OkController < ApplicationController\n  def show; end\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /ok", "GET /stats"]);
});

rails("refusing only a caller who is signed in checks no caller: a guests' filter (render_error status: :unauthorized if current_user), an action's top (return ... if current_user && !admin); a constraint lambda reading the path, not the caller, guards nothing; one reading the session does; verifying a password reset request is the way back in", () => {
  const root = tempDir("tool-rails-guests-only-");
  writeFiles(root, {
    "Gemfile": "gem 'rails'\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  resources :sessions, only: :create",
      "  resources :users, only: :create",
      "  resources :rooms, only: :index",
      "  post 'reset_password/reset', to: 'reset_password#reset'",
      "  get 'admin', to: 'admin#index', constraints: lambda { |req| req.session[:admin] }",
      "  match '*path', to: 'components#index', via: :all, constraints: lambda { |req|",
      "    req.path.exclude? 'rails/active_storage'",
      "  }",
      "end",
    ].join("\n"),
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  before_action :ensure_authenticated",
      "",
      "  def ensure_authenticated",
      "    render_error status: :unauthorized unless current_user",
      "  end",
      "",
      "  def ensure_guest",
      "    render_error status: :unauthorized if current_user",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/sessions_controller.rb": [
      "class SessionsController < ApplicationController",
      "  skip_before_action :ensure_authenticated, only: :create",
      "  before_action :ensure_guest, only: :create",
      "",
      "  def create; end",
      "end",
    ].join("\n"),
    "app/controllers/users_controller.rb": [
      "class UsersController < ApplicationController",
      "  skip_before_action :ensure_authenticated, only: :create",
      "",
      "  def create",
      "    admin_create = current_user && current_user.admin?",
      "    return render_error status: :forbidden if current_user && !admin_create",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/rooms_controller.rb": "class RoomsController < ApplicationController\n  def index; end\nend\n",
    // A check of the emailed token that resets a password: the way back in, no check of the caller.
    "app/controllers/reset_password_controller.rb": "class ResetPasswordController < ActionController::Base\n  before_action :verify_reset_request\n\n  def reset; end\nend\n",
    "app/controllers/admin_controller.rb": "class AdminController < ActionController::Base\n  def index; end\nend\n",
    "app/controllers/components_controller.rb": "class ComponentsController < ActionController::Base\n  def index; end\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["ALL /{path}", "GET /admin [constraints(lambda)]", "POST /reset_password/reset", "GET /rooms [ensure_authenticated]", "POST /sessions", "POST /users"]);
});

rails("a plain module included into the base controller adds its filter through def self.included(base) (base.before_action :require_user!), which an action skips by name; a hook adding no filter guards nothing", () => {
  const root = tempDir("tool-rails-self-included-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": ["Rails.application.routes.draw do", "  root to: 'application#welcome'", "  resources :exercises, only: [:index, :create]", "  get '/ping', to: 'ping#show'", "end"].join("\n"),
    "app/controllers/concerns/webauthn/authentication.rb": [
      "module Webauthn",
      "  module Authentication",
      "    def self.included(base)",
      "      base.send(:include, InstanceMethods)",
      "      base.before_action :require_fully_authenticated_user!",
      "    end",
      "",
      "    module InstanceMethods",
      "      def require_fully_authenticated_user!",
      "        raise Pundit::NotAuthorizedError unless current_user",
      "      end",
      "    end",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/concerns/tracing.rb": ["module Tracing", "  def self.included(base)", "    base.helper_method :trace_id", "  end", "end"].join("\n"),
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  include Webauthn::Authentication",
      "  include Tracing",
      "  skip_before_action :require_fully_authenticated_user!, only: %i[welcome]",
      "  def welcome; end",
      "end",
    ].join("\n"),
    "app/controllers/exercises_controller.rb": ["class ExercisesController < ApplicationController", "  def index; end", "  def create; end", "end"].join("\n"),
    "app/controllers/ping_controller.rb": ["class PingController < ActionController::API", "  include Tracing", "  def show; end", "end"].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /", "GET /exercises [require_fully_authenticated_user!]", "GET /ping", "POST /exercises [require_fully_authenticated_user!]"]);
});

rails("a controller whose parent stands on the next line (class A::ConditionsController <\\n  Course::ConditionsController) serves the actions it inherits and takes the parent's filters", () => {
  const root = tempDir("tool-rails-parent-next-line-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": ["Rails.application.routes.draw do", "  namespace :achievement do", "    resources :conditions, only: [:index, :show]", "  end", "end"].join("\n"),
    "app/controllers/application_controller.rb": ["class ApplicationController < ActionController::Base", "end"].join("\n"),
    "app/controllers/course/conditions_controller.rb": [
      "class Course::ConditionsController < ApplicationController",
      "  before_action :authenticate_user!",
      "  def index; end",
      "end",
    ].join("\n"),
    "app/controllers/concerns/achievement_concern.rb": ["module AchievementConcern", "  extend ActiveSupport::Concern", "end"].join("\n"),
    "app/controllers/achievement/conditions_controller.rb": [
      "class Achievement::ConditionsController <",
      "  Course::ConditionsController",
      "  include AchievementConcern",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  // show is neither defined nor rendered: not served.
  assert.equal(guardedRoutes(root), ["GET /achievement/conditions [authenticate_user!]"]);
});

rails("a resources call's module: option scopes what nests in it too (resources :companies, only: [], module: :companies do resources :updates end reaches internal/companies/updates)", () => {
  const root = tempDir("tool-rails-resources-module-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  scope path: :internal, module: :internal do",
      "    resources :companies, only: [], module: :companies do",
      "      resources :updates, only: [:index, :create]",
      "    end",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/internal/companies/updates_controller.rb": "class Internal::Companies::UpdatesController < ApplicationController\n  def index; end\n  def create; end\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`).sort(), [
    "GET /internal/companies/{company_id}/updates internal/companies/updates#index",
    "POST /internal/companies/{company_id}/updates internal/companies/updates#create",
  ]);
});

rails("a filter not named like a check guards when its body answers 403 looking at the caller or the key sent, or calls a check on a line of its own (the guard is that check); one that answers 403 about the record alone does not", () => {
  const root = tempDir("tool-rails-filter-bodies-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  resources :queries, only: [:create, :update]",
      '  post "mail_handler", to: "mail_handler#index"',
      "  resources :issues, only: [:update]",
      "end",
    ].join("\n"),
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  before_action :session_expiration",
      "",
      "  # A check in a branch (an expired session) turns nobody else away.",
      "  def session_expiration",
      "    if session[:user_id] && session_expired?",
      "      self.logged_user = nil",
      "      require_login",
      "    end",
      "  end",
      "",
      "  def find_optional_project",
      "    @project = Project.find(params[:project_id]) if params[:project_id].present?",
      "    authorize_global",
      "  rescue ActiveRecord::RecordNotFound",
      "    render_404",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/queries_controller.rb": [
      "class QueriesController < ApplicationController",
      "  before_action :find_query, only: [:update]",
      "  before_action :find_optional_project, only: [:create]",
      "  def create; end",
      "  def update; end",
      "",
      "  private",
      "",
      "  def find_query",
      "    @query = Query.find(params[:id])",
      "    render_403 unless @query.editable_by?(User.current)",
      "  rescue ActiveRecord::RecordNotFound",
      "    render_404",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/mail_handler_controller.rb": [
      "class MailHandlerController < ActionController::Base",
      "  before_action :check_credential",
      "  def index; end",
      "",
      "  private",
      "",
      "  def check_credential",
      "    unless Setting.mail_handler_api_enabled? && secure_compare(params[:key].to_s, Setting.mail_handler_api_key.to_s)",
      "      render plain: 'Access denied', status: :forbidden",
      "    end",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/issues_controller.rb": [
      "class IssuesController < ApplicationController",
      "  before_action :find_issue",
      "  def update; end",
      "",
      "  private",
      "",
      "  def find_issue",
      "    @issue = Issue.find(params[:id])",
      "    render_403 unless @issue.visible?",
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "PATCH /issues/{id}",
    "PUT /issues/{id}",
    "POST /mail_handler [check_credential]",
    "POST /queries [authorize_global]",
    "PATCH /queries/{id} [find_query]",
    "PUT /queries/{id} [find_query]",
  ]);
});

rails("the same action drawn twice at one path (a second root naming a helper) is no duplicate; two actions at one path are", () => {
  const root = tempDir("tool-rails-duplicates-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  root :to => 'welcome#index', :as => 'home'",
      "  root :to => 'welcome#index'",
      "  get 'news', to: 'news#index'",
      "  get 'news', to: 'articles#index'",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.duplicates.map((d) => `${d.method} ${d.path}`), ["GET /news"]);
});

rails("a shallow do ... end block makes every resource in it shallow: members leave the parent's path, collections stay under it", () => {
  const root = tempDir("tool-rails-shallow-block-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  resources :projects, only: [:show] do",
      "    shallow do",
      "      resources :issue_categories, only: [:index, :show, :destroy]",
      "    end",
      "    resources :news, only: [:index, :show]",
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "DELETE /issue_categories/{id}",
    "GET /issue_categories/{id}",
    "GET /projects/{id}",
    "GET /projects/{project_id}/issue_categories",
    "GET /projects/{project_id}/news",
    "GET /projects/{project_id}/news/{id}",
  ]);
});

rails("a route whose options end its line with a regular expression (:id => /\\d+/) leaves the next line its own; a segment constrained to one literal is that literal", () => {
  const root = tempDir("tool-rails-regex-options-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  match '/time_entries/:id', :to => 'timelog#destroy', :via => :delete, :id => /\\d+/",
      "  match '/time_entries/destroy', :to => 'timelog#destroy', :via => :delete",
      "  get 'robots.:format', :to => 'welcome#robots', :constraints => {:format => 'txt'}",
      "  get 'feeds/:kind', :to => 'feeds#show', :constraints => {:kind => /atom|rss/}",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), [
    "GET /feeds/{kind}",
    "GET /robots.txt",
    "DELETE /time_entries/{id}",
    "DELETE /time_entries/destroy",
  ]);
});

rails("routes drawn in a loop over a literal list (%w(browse raw).each do |action|, [:a, :b].each, a %w[...] written over several lines) are one per value, the name bound in paths and options; a loop over something else draws nothing", () => {
  const root = tempDir("tool-rails-loops-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  %w(browse raw).each do |action|",
      '    get "projects/:id/repository/#{action}(/*path)",',
      "        :controller => 'repositories',",
      "        :action => action,",
      "        :constraints => {:path => /.*/}",
      "  end",
      "  [:stats, :graph].each do |kind|",
      '    get "reports/#{kind}", to: "reports##{kind}"',
      "  end",
      "  Setting.pages.each do |page|",
      '    get "pages/#{page}", to: "pages#show"',
      "  end",
      "  %w[",
      "    pseud",
      "    fandom",
      "  ].each do |action|",
      '    get "/autocomplete/#{action}" => "autocomplete##{action}"',
      "  end",
      "  get 'after', to: 'after#index'",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /after after#index",
    "GET /autocomplete/fandom autocomplete#fandom",
    "GET /autocomplete/pseud autocomplete#pseud",
    "GET /projects/{id}/repository/browse repositories#browse",
    "GET /projects/{id}/repository/browse/{path} repositories#browse",
    "GET /projects/{id}/repository/raw repositories#raw",
    "GET /projects/{id}/repository/raw/{path} repositories#raw",
    "GET /reports/graph reports#graph",
    "GET /reports/stats reports#stats",
  ]);
});

rails("an action named by a symbol is served at the path: it is given (get :hiring_content, path: \"hiring/content-2\"); routes drawn outside production only (unless Rails.env.production?, if Rails.env.development?) are not served", () => {
  const root = tempDir();
  writeFiles(root, {
    "Gemfile": "gem 'rails'\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  namespace :about do",
      "    get :hiring",
      '    get :hiring_content, path: "hiring/content-2", as: :hiring_2',
      "  end",
      "  unless Rails.env.production?",
      '    get "temp/user_reset", to: "temp#user_reset"',
      "  end",
      "  if Rails.env.development? || Rails.env.test?",
      '    get "test/components", to: "test#components"',
      "  end",
      "  if ENV['PUBLIC_API']",
      '    get "public", to: "public#index"',
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /about/hiring about#hiring",
    "GET /about/hiring/content-2 about#hiring_content",
    "GET /public public#index",
  ]);
});

rails("a controller in a folder config/application.rb adds to the autoload paths (app/controllers/entities) is found for its routes, and its parents' filters guard them", () => {
  const root = tempDir();
  writeFiles(root, {
    "Gemfile": "gem 'rails'\n",
    "config/application.rb": [
      "module Crm",
      "  class Application < Rails::Application",
      "    # config.eager_load_paths << Rails.root.join(\"extras\")",
      "    config.autoload_paths += Dir[Rails.root.join(\"app/models/**\")] +",
      "                             Dir[Rails.root.join(\"app/controllers/entities\")]",
      "    config.time_zone = \"UTC\"",
      "  end",
      "end",
    ].join("\n"),
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :accounts, only: %i[index create]\n  resources :reports, only: %i[index]\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  before_action :authenticate_user!\nend\n",
    "app/controllers/entities_controller.rb": "class EntitiesController < ApplicationController\n  before_action :set_view, only: %i[index]\nend\n",
    "app/controllers/entities/accounts_controller.rb": "class AccountsController < EntitiesController\n  def index; end\n  def create; end\nend\n",
    // Not autoloaded: a controller of this name is not found there.
    "app/controllers/legacy/reports_controller.rb": "class ReportsController < ApplicationController\n  def index; end\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`), [
    "GET /accounts accounts#index [authenticate_user!]",
    "POST /accounts accounts#create [authenticate_user!]",
    "GET /reports reports#index",
  ]);
});

rails("devise_for's steps for a caller not signed in (sign-up, a password reset) are public by Devise's design, even under an app-wide authenticate_user!: their unguarded writes are low, declared public; editing the account stays guarded", () => {
  const root = tempDir();
  writeFiles(root, {
    "Gemfile": "gem 'rails'\ngem 'devise'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  devise_for :users, controllers: { registrations: 'registrations', passwords: 'passwords' }\n  resources :accounts, only: %i[create]\nend\n",
    "app/models/user.rb": "class User < ApplicationRecord\n  devise :database_authenticatable, :registerable, :recoverable\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  before_action :authenticate_user!\nend\n",
    "app/controllers/accounts_controller.rb": "class AccountsController < ApplicationController\n  def create; end\nend\n",
    "app/controllers/passwords_controller.rb": "class PasswordsController < Devise::PasswordsController\nend\n",
    "app/controllers/registrations_controller.rb": "class RegistrationsController < Devise::RegistrationsController\nend\n",
  });
  git(root, "init", "-q");
  const result = analyze(root);
  const writes = result.findings.filter((f) => f.rule === "unguarded-write").map((f) => `${f.severity} ${f.title.split(" has")[0]}`).sort();
  assert.equal(writes, ["low DELETE /users/sign_out", "low PATCH /users/password", "low POST /users", "low POST /users/password", "low POST /users/sign_in", "low PUT /users/password"]);
  assert.ok(result.routes.items.some((r) => r.method === "PUT" && r.path === "/users" && r.guards.includes("authenticate_scope!")));
  assert.ok(result.routes.items.some((r) => r.method === "POST" && r.path === "/accounts" && r.guards.includes("authenticate_user!")));
});

rails("a controller takes the filters of every controller up its chain, five deep (LabelFormats < SimpleCrud < Crud < List < Application, whose concern authenticates); one that skips the filter is open", () => {
  const root = tempDir("tool-rails-deep-chain-");
  writeFiles(root, {
    "Gemfile": "gem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :label_formats, only: [:index, :create]\n  resources :public_pages, only: [:index]\nend\n",
    "app/controllers/concerns/authenticatable.rb": "module Authenticatable\n  extend ActiveSupport::Concern\n\n  included do\n    before_action :authenticate_person!\n  end\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  include Authenticatable\nend\n",
    "app/controllers/list_controller.rb": "class ListController < ApplicationController\n  def index\n  end\nend\n",
    "app/controllers/crud_controller.rb": "class CrudController < ListController\n  def create\n  end\nend\n",
    "app/controllers/simple_crud_controller.rb": "class SimpleCrudController < CrudController\n  def create\n    super\n  end\nend\n",
    "app/controllers/label_formats_controller.rb": "class LabelFormatsController < SimpleCrudController\nend\n",
    "app/controllers/public_pages_controller.rb": "class PublicPagesController < SimpleCrudController\n  skip_before_action :authenticate_person!\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), ["GET /label_formats [authenticate_person!]", "POST /label_formats [authenticate_person!]", "GET /public_pages"]);
});

rails("routes in a scope whose path the code computes (scope path: ApplicationResource.endpoint_namespace) are at an unknown prefix, not duplicates of the app's own routes at the root", () => {
  const root = tempDir("tool-rails-computed-scope-");
  writeFiles(root, {
    "Gemfile": "gem 'rails'\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  resources :people, only: [:index, :show]",
      "  scope path: ApplicationResource.endpoint_namespace, module: :json_api, defaults: { format: 'jsonapi' } do",
      "    resources :people, only: [:index, :show]",
      "  end",
      "  scope 'v2' do",
      "    resources :groups, only: [:index]",
      "  end",
      "end",
      "",
    ].join("\n"),
  });
  git(root, "init", "-q");
  const { routes } = analyze(root);
  assert.equal(routes.items.map((r) => `${r.method} ${r.path} ${r.handler}${r.prefixUnknown ? " (prefix unknown)" : ""}`), [
    "GET /people people#index", "GET /people json_api/people#index (prefix unknown)",
    "GET /people/{id} people#show", "GET /people/{id} json_api/people#show (prefix unknown)",
    "GET /v2/groups groups#index",
  ]);
  assert.equal(routes.duplicates, []);
});

rails("an engine that isolates no namespace keeps its controllers at its own app/controllers/ root: their filters, and the app's they extend, guard its routes", () => {
  const root = tempDir("tool-rails-engine-root-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :boards, only: [:index]\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  before_action :require_authentication\nend\n",
    "app/controllers/boards_controller.rb": "class BoardsController < ApplicationController\n  def index; end\nend\n",
    "saas/lib/acme/saas/engine.rb": "module Acme\n  module Saas\n    class Engine < ::Rails::Engine\n    end\n  end\nend\n",
    "saas/config/routes.rb": "Acme::Saas::Engine.routes.draw do\n  namespace :my do\n    resources :devices, only: [:index, :create]\n  end\nend\n",
    "saas/app/controllers/my/devices_controller.rb": "class My::DevicesController < ApplicationController\n  def index; end\n\n  def create; end\nend\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort(), [
    "GET /boards [require_authentication]",
    "GET /my/devices [require_authentication]",
    "POST /my/devices [require_authentication]",
  ]);
});

rails("a filter named like a check whose body only loads the caller (def authentication_check; @user ||= authenticated_user; end) guards nothing; one that loads and sends the missing caller away still guards, and so does one that asks a missing caller to sign in (authenticated? || ask_to_login(...), or ask_to_login under `if !authenticated?`), named in a list of filters over several lines", () => {
  const root = tempDir("tool-rails-loading-filter-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :requests, only: [:index, :create]\n  resources :admin_users, only: [:index]\n  resources :followups, only: [:new]\nend\n",
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  before_action :authentication_check",
      "",
      "  private",
      "",
      "  def authentication_check",
      "    @user ||= authenticated_user",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/requests_controller.rb": "class RequestsController < ApplicationController\n  def index; end\n  def create; end\nend\n",
    "app/controllers/followups_controller.rb": [
      "class FollowupsController < ApplicationController",
      "  before_action :set_request,",
      "                :authenticate,",
      "                :set_params",
      "  def new; end",
      "",
      "  private",
      "",
      "  def authenticate",
      "    authenticated?(as: @request.user) || ask_to_login(",
      "      as: @request.user, web: _('To send a follow up')",
      "    )",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/admin_users_controller.rb": [
      "class AdminUsersController < ApplicationController",
      "  before_action :authorisation_check",
      "  before_action :authenticate",
      "  def index; end",
      "",
      "  private",
      "",
      "  def authorisation_check",
      "    @admin = authenticated_user",
      "    redirect_to signin_path unless @admin&.admin?",
      "  end",
      "",
      "  def authenticate",
      "    if session[:using_admin].nil?",
      "      if !authenticated?",
      "        ask_to_login(web: _('To log into the administrative interface'))",
      "      end",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /admin_users [authorisation_check,authenticate]", "GET /followups/new [authenticate]", "GET /requests", "POST /requests"]);
});

rails("a path written as literals one after another (\'/attach\' \\ then \'/html/(:part)\' on the next line) is their join; a form of a path without its optional segment gives way to a route written for that path, so neither is a duplicate", () => {
  const root = tempDir("tool-rails-joined-paths-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  match '/search' => 'general#search_redirect', :via => :get",
      "  match '/search(/*combined)' => 'general#search', :via => :get",
      "  match '/request/:url_title/response/:message_id/attach' \\",
      "        '/html/(:part(/*file_name))' => 'attachments#show_as_html',",
      "        :via => :get",
      "  match '/request/:url_title/response/:message_id/attach' \\",
      "        '/:part(/*file_name)' => 'attachments#show',",
      "        :via => :get",
      "end",
      "",
    ].join("\n"),
  });
  commitAll(root);
  const { routes } = analyze(root);
  assert.equal(routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /request/{url_title}/response/{message_id}/attach/{part} attachments#show",
    "GET /request/{url_title}/response/{message_id}/attach/{part}/{file_name} attachments#show",
    "GET /request/{url_title}/response/{message_id}/attach/html attachments#show_as_html",
    "GET /request/{url_title}/response/{message_id}/attach/html/{part} attachments#show_as_html",
    "GET /request/{url_title}/response/{message_id}/attach/html/{part}/{file_name} attachments#show_as_html",
    "GET /search general#search_redirect",
    "GET /search/{combined} general#search",
  ]);
  assert.equal(routes.duplicates, []);
});

rails("a route that only redirects (match '/old' => redirect('/new'), via: [:get, :post]) changes nothing: no unguarded write", () => {
  const root = tempDir("tool-rails-redirect-write-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  match '/profile/set_about_me' => redirect('/profile/about_me/edit'), :via => [:get, :post]",
      "  post '/profile/about_me' => 'profiles#update'",
      "  get '/profile' => 'profiles#show'",
      "end",
      "",
    ].join("\n"),
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  before_action :authenticate_user!, only: :show\nend\n",
    "app/controllers/profiles_controller.rb": "class ProfilesController < ApplicationController\n  def show; end\n  def update\n    current_user.update!(about_me: params[:about_me])\n  end\nend\n",
  });
  commitAll(root);
  const { routes } = analyze(root);
  assert.equal(routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /profile profiles#show",
    "POST /profile/about_me profiles#update",
    "GET /profile/set_about_me redirect",
    "POST /profile/set_about_me redirect",
  ]);
  assert.equal(routes.unguardedWrites.map((r) => `${r.method} ${r.path}`), ["POST /profile/about_me"]);
});

rails("a filter not named like a check guards when it lets the signed-in caller through and refuses the rest (return if authenticated?, then redirect_to); an action that starts with unless authenticated? ... redirect_to, or return unless authenticated? || ask_to_login(...), or return head :not_found unless signed_in?, checks its caller itself; return if the token is missing, or a 404 for a missing record, guards nothing", () => {
  const root = tempDir("tool-rails-guard-clauses-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  namespace :users, path: 'profile' do",
      "    resource :name, only: [:update]",
      "  end",
      "  match '/profile/clear_photo' => 'user#clear_profile_photo', :via => :post",
      "  match '/profile/feed' => 'user#feed', :via => :post",
      "  match '/profile/change_email' => 'user#signchangeemail', :via => :post",
      "  get '/profile/current' => 'user#current'",
      "  get '/people/:id' => 'user#show'",
      "end",
      "",
    ].join("\n"),
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/users/names_controller.rb": [
      "class Users::NamesController < ApplicationController",
      "  before_action :check_user_logged_in",
      "  def update",
      "    current_user.update(name: params[:name])",
      "  end",
      "",
      "  private",
      "",
      "  def check_user_logged_in",
      "    return if authenticated?",
      "",
      "    redirect_to frontpage_url, error: _('You need to be logged in to change your name')",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/user_controller.rb": [
      "class UserController < ApplicationController",
      "  before_action :read_token, only: :feed",
      "  def clear_profile_photo",
      "    # check they are logged in",
      "    unless authenticated?",
      "      msg = _('You need to be logged in to clear your profile photo.')",
      "      redirect_to frontpage_url, error: msg",
      "      return",
      "    end",
      "    @user.profile_photo.destroy",
      "  end",
      "",
      "  def feed",
      "    Feed.create!(token: @token)",
      "  end",
      "",
      "  def current",
      "    return head :not_found unless signed_in?",
      "    render json: { name: current_user.name }",
      "  end",
      "",
      "  def show",
      "    @user = User.find_by(slug: params[:id])",
      "    head :not_found unless @user",
      "  end",
      "",
      "  def signchangeemail",
      "    return unless authenticated? || ask_to_login(",
      "      web: _('To change your email address')",
      "    )",
      "    @user.update!(email: params[:email])",
      "  end",
      "",
      "  private",
      "",
      "  def read_token",
      "    return if token.blank?",
      "",
      "    render plain: 'bad token', status: :bad_request unless valid?(token)",
      "  end",
      "end",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), [
    "GET /people/{id}",
    "POST /profile/change_email [(checks the caller in the action)]",
    "POST /profile/clear_photo [(checks the caller in the action)]",
    "GET /profile/current [(checks the caller in the action)]",
    "POST /profile/feed",
    "PATCH /profile/name [check_user_logged_in]",
    "PUT /profile/name [check_user_logged_in]",
  ]);
});

rails("Pundit: a headless policy named by a symbol (authorize :user, :logged_in?) guards the action when its query needs a caller; one whose query lets anyone through does not", () => {
  const root = tempDir("tool-rails-pundit-headless-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'pundit'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  get 'profile', to: 'profile#index'\n  get 'dashboard', to: 'dashboard#show'\nend\n",
    "app/policies/application_policy.rb": "class ApplicationPolicy\n  attr_reader :user, :record\n\n  def initialize(user, record)\n    @user = user\n    @record = record\n  end\n\n  def logged_in?\n    user.present?\n  end\nend\n",
    "app/policies/user_policy.rb": "class UserPolicy < ApplicationPolicy\nend\n",
    "app/policies/dashboard_policy.rb": "class DashboardPolicy < ApplicationPolicy\n  def show?\n    true\n  end\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  include Pundit::Authorization\nend\n",
    "app/controllers/profile_controller.rb": "class ProfileController < ApplicationController\n  def index\n    authorize :user, :logged_in?\n    @user = current_user\n  end\nend\n",
    "app/controllers/dashboard_controller.rb": "class DashboardController < ApplicationController\n  def show\n    authorize :dashboard\n  end\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`).sort(), ["GET /dashboard []", "GET /profile [UserPolicy#logged_in?]"]);
});

rails("devise_for's skip: and only: name modules singular or plural, as Devise singularizes them; skip: :all draws nothing", () => {
  const root = tempDir("tool-rails-devise-skip-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'devise'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  devise_for :users, skip: [:password, :registration, :confirmation, :unlock, :invitations, :omniauth_callbacks]\n  devise_for :admins, only: :session\n  devise_for :robots, skip: :all\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`).sort(), [
    "DELETE /admins/sign_out", "DELETE /users/sign_out", "GET /admins/sign_in", "GET /users/sign_in", "POST /admins/sign_in", "POST /users/sign_in",
  ]);
});

rails("route_translator: a localized block's routes start with the locale where its initializer forces it (force_locale = true); otherwise the default locale's are drawn as written", () => {
  const draw = (forced: boolean) => {
    const root = tempDir("tool-rails-localized-");
    writeFiles(root, {
      "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'route_translator'\n",
      "config/initializers/route_translator.rb": `RouteTranslator.config do |config|\n  config.force_locale = ${forced}\nend\n`,
      "config/routes.rb": "Rails.application.routes.draw do\n  localized do\n    resources :docs, only: [:index]\n    get 'search' => 'search#show'\n  end\n  get 'health' => 'health#show'\nend\n",
      "app/controllers/docs_controller.rb": "class DocsController < ApplicationController\n  def index\n  end\nend\n",
      "app/controllers/search_controller.rb": "class SearchController < ApplicationController\n  def show\n  end\nend\n",
      "app/controllers/health_controller.rb": "class HealthController < ApplicationController\n  def show\n  end\nend\n",
    });
    git(root, "init", "-q");
    return analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.prefixUnknown ? " (prefix unknown)" : ""}`).sort();
  };
  assert.equal(draw(true), ["GET /health", "GET /{locale}/docs", "GET /{locale}/search"]);
  assert.equal(draw(false), ["GET /docs", "GET /health", "GET /search"]);
});

rails("Pundit: an action of a concern authorizing a record the controller loads from a class (@draft = draft_class.find(...), the class named by a method) is guarded by that class's policy; a check under a condition (authorize @draft if needs_authorization?) guards only where the condition's method answers true", () => {
  const root = tempDir("tool-rails-pundit-concern-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'pundit'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :drafts, only: [:update], controller: 'items/draft'\n  resources :thesis_drafts, only: [:update], controller: 'theses/draft'\nend\n",
    "app/policies/application_policy.rb": "class ApplicationPolicy\n  attr_reader :user, :record\n\n  def admin?\n    user&.admin?\n  end\nend\n",
    "app/policies/draft_item_policy.rb": "class DraftItemPolicy < ApplicationPolicy\n  def update?\n    owned? || admin?\n  end\n\n  def owned?\n    record && user && record.user.id == user.id\n  end\nend\n",
    "app/policies/draft_thesis_policy.rb": "class DraftThesisPolicy < ApplicationPolicy\n  def update?\n    admin?\n  end\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  include Pundit::Authorization\nend\n",
    "app/controllers/concerns/draft_actions.rb": [
      "module DraftActions",
      "  extend ActiveSupport::Concern",
      "",
      "  included do",
      "    before_action :set_draft, only: [:update]",
      "  end",
      "",
      "  def update",
      "    authorize @draft if needs_authorization?",
      "    @draft.update(params[:draft])",
      "  end",
      "",
      "  private",
      "",
      "  def needs_authorization?",
      "    true",
      "  end",
      "",
      "  def draft_class",
      "    DraftItem",
      "  end",
      "",
      "  def set_draft",
      "    @draft = draft_class.find(params[:id])",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/items/draft_controller.rb": "class Items::DraftController < ApplicationController\n  include DraftActions\nend\n",
    // The same concern with the check turned off: what guards it is elsewhere, or nothing.
    "app/controllers/theses/draft_controller.rb": "class Theses::DraftController < ApplicationController\n  include DraftActions\n\n  private\n\n  def needs_authorization?\n    false\n  end\n\n  def draft_class\n    DraftThesis\n  end\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(analyze(root).routes.items.filter((r) => r.method === "PATCH").map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`).sort(), [
    "PATCH /drafts/{id} [DraftItemPolicy#update?]",
    "PATCH /thesis_drafts/{id} []",
  ]);
});

rails("Pundit: an action that authorizes a record (Comment.find(...), @pool, an association of the signed-in user; the policy named by the model, AITag's acronym included) is guarded when its policy's query needs a caller (user.is_member?, a predicate of the policy or of ApplicationPolicy that does, !user.is_anonymous?, an alias_method or alias, user: as a shorthand hash value); a query answering false refuses everyone; a query that is true, reads only the record, or lets a guest through (user.is_anonymous?, a branch of || without the user) is not; a catch-all answering 404 is no unguarded write", () => {
  const root = tempDir("tool-rails-pundit-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'pundit'\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  resources :comments, only: [:index, :show, :create, :update, :destroy]",
      "  resources :bans, only: [:new, :create, :destroy]",
      "  resources :users, only: [:create]",
      "  resources :dmails, only: [:index]",
      "  resources :uploads, only: [:show]",
      "  post \"/comments/:id/reply\" => \"comments#reply\"",
      "  resources :reactions, only: [:create]",
      "  resource :pool_element, only: [:create]",
      "  put \"/ai_tags/:id/tag\" => \"ai_tags#tag\"",
      "  post \"/dmails/mark_all_as_read\" => \"dmails#mark_all_as_read\"",
      "  match \"/\", to: \"static#not_found\", via: %i[post delete]",
      "end",
      "",
    ].join("\n"),
    "app/policies/application_policy.rb": [
      "class ApplicationPolicy",
      "  attr_reader :user, :record",
      "",
      "  def index?",
      "    true",
      "  end",
      "",
      "  def show?",
      "    index?",
      "  end",
      "",
      "  def create?",
      "    unbanned?",
      "  end",
      "",
      "  def update?",
      "    unbanned?",
      "  end",
      "",
      "  def destroy?",
      "    update?",
      "  end",
      "",
      "  def unbanned?",
      "    user.is_member? && !user.is_banned?",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/policies/comment_policy.rb": "class CommentPolicy < ApplicationPolicy\n  def destroy? = record.is_deletable?\n\n  def reply?\n    user.is_member? && (record.post.blank? || record.post.user == user)\n  end\nend\n",
    "app/policies/ban_policy.rb": "class BanPolicy < ApplicationPolicy\n  def bannable?\n    moderator?\n  end\n\n  def moderator?\n    Moderator.find_by(board: record.board, user:)&.active?\n  end\n\n  alias_method :new?, :bannable?\n  alias_method :create?, :bannable?\n  # Anyone may lift a ban: the keyword alias, not ApplicationPolicy's destroy?, answers.\n  alias :destroy? :index?\nend\n",
    "app/policies/user_policy.rb": "class UserPolicy < ApplicationPolicy\n  def create?\n    user.is_anonymous?\n  end\nend\n",
    "app/policies/dmail_policy.rb": "class DmailPolicy < ApplicationPolicy\n  def index?\n    !user.is_anonymous?\n  end\n\n  def mark_all_as_read?\n    !user.is_anonymous?\n  end\nend\n",
    "app/policies/pool_policy.rb": "class PoolPolicy < ApplicationPolicy\nend\n",
    "app/policies/ai_tag_policy.rb": "class AITagPolicy < ApplicationPolicy\n  def tag?\n    unbanned? && record.post.present?\n  end\nend\n",
    "app/controllers/pool_elements_controller.rb": "class PoolElementsController < ApplicationController\n  def create\n    @pool = Pool.find_by_name(params[:pool_name])\n    authorize(@pool, :update?)\n  end\nend\n",
    "app/controllers/ai_tags_controller.rb": "class AiTagsController < ApplicationController\n  def tag\n    @ai_tag = authorize AITag.find_by!(id: params[:id])\n  end\nend\n",
    "app/policies/reaction_policy.rb": "class ReactionPolicy < ApplicationPolicy\n  def create?\n    false\n  end\nend\n",
    "app/controllers/reactions_controller.rb": "class ReactionsController < ApplicationController\n  def create\n    @reaction = authorize Reaction.new(creator: CurrentUser.user)\n  end\nend\n",
    "app/controllers/static_controller.rb": "class StaticController < ApplicationController\n  def not_found\n    render plain: \"not found\", status: 404\n  end\nend\n",
    "app/policies/upload_policy.rb": "class UploadPolicy < ApplicationPolicy\n  def show?\n    record.is_public? || user.is_admin?\n  end\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  include Pundit::Authorization\nend\n",
    "app/controllers/comments_controller.rb": [
      "class CommentsController < ApplicationController",
      "  def index",
      "    @comments = authorize Comment.visible(CurrentUser.user).paginated_search(params)",
      "  end",
      "",
      "  def show",
      "    @comment = authorize Comment.find(params[:id])",
      "  end",
      "",
      "  def create",
      "    @comment = authorize Comment.new(creator: CurrentUser.user, creator_ip_addr: request.remote_ip, **permitted_attributes(Comment))",
      "  end",
      "",
      "  def update",
      "    @comment = Comment.find(params[:id])",
      "    authorize(@comment).save",
      "  end",
      "",
      "  def destroy",
      "    @comment = authorize Comment.find(params[:id])",
      "  end",
      "",
      "  def reply",
      "    @comment = authorize Comment.find(params[:id]), :reply?",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/bans_controller.rb": "class BansController < ApplicationController\n  def new\n    @ban = authorize Ban.new(permitted_attributes(Ban))\n  end\n\n  def create\n    @ban = authorize Ban.new(permitted_attributes(Ban))\n  end\n\n  def destroy\n    @ban = authorize Ban.find(params[:id])\n  end\nend\n",
    "app/controllers/users_controller.rb": "class UsersController < ApplicationController\n  def create\n    @user = authorize User.new(permitted_attributes(User))\n  end\nend\n",
    "app/controllers/dmails_controller.rb": "class DmailsController < ApplicationController\n  def index\n    @dmails = authorize Dmail.visible(CurrentUser.user)\n  end\n\n  def mark_all_as_read\n    @dmails = authorize(CurrentUser.user.dmails).mark_all_as_read\n  end\nend\n",
    "app/controllers/uploads_controller.rb": "class UploadsController < ApplicationController\n  def show\n    @upload = authorize Upload.find(params[:id])\n  end\nend\n",
  });
  const routes = analyze(root).routes;
  // A catch-all answering 404 to writes changes nothing: no unguarded write.
  assert.equal(routes.unguardedWrites.map((r) => `${r.method} ${r.path}`), ["DELETE /bans/{id}", "DELETE /comments/{id}", "POST /users"]);
  assert.equal(routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "DELETE / []",
    "POST / []",
    "PUT /ai_tags/{id}/tag [AITagPolicy#tag?]",
    "POST /bans [BanPolicy#create?]",
    "DELETE /bans/{id} []",
    "GET /bans/new [BanPolicy#new?]",
    "GET /comments []",
    "POST /comments [CommentPolicy#create?]",
    "DELETE /comments/{id} []",
    "GET /comments/{id} []",
    "PATCH /comments/{id} [CommentPolicy#update?]",
    "PUT /comments/{id} [CommentPolicy#update?]",
    "POST /comments/{id}/reply [CommentPolicy#reply?]",
    "GET /dmails [DmailPolicy#index?]",
    "POST /dmails/mark_all_as_read [DmailPolicy#mark_all_as_read?]",
    "POST /pool_element [PoolPolicy#update?]",
    "POST /reactions [ReactionPolicy#create?]",
    "GET /uploads/{id} []",
    "POST /users []",
  ]);
});

rails("a filter that refuses under a modifier testing the caller (access_denied(...) unless current_user_owns?(@item)) guards the actions it runs before; one that only sets a flash under it does not", () => {
  const root = tempDir("tool-rails-modifier-filter-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :users, only: [:show, :update]\n  resources :notes, only: [:update]\nend\n",
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  def access_denied(options = {})",
      "    redirect_to options[:redirect] || new_user_session_path",
      "    false",
      "  end",
      "",
      "  def current_user_owns?(item)",
      "    !item.nil? && current_user.is_a?(User) && current_user == item",
      "  end",
      "",
      "  def check_ownership",
      "    access_denied(redirect: @check_ownership_of) unless current_user_owns?(@check_ownership_of)",
      "  end",
      "",
      "  def remind_owner",
      "    flash[:notice] = 'Not yours' unless current_user_owns?(@item)",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/users_controller.rb": "class UsersController < ApplicationController\n  before_action :check_ownership, except: [:show]\n\n  def show; end\n  def update; end\nend\n",
    "app/controllers/notes_controller.rb": "class NotesController < ApplicationController\n  before_action :remind_owner\n\n  def update; end\nend\n",
  });
  assert.equal(guardedRoutes(root).sort(), [
    "GET /users/{id}",
    "PATCH /notes/{id}",
    "PATCH /users/{id} [check_ownership]",
    "PUT /notes/{id}",
    "PUT /users/{id} [check_ownership]",
  ]);
});

rails("the Rails Tutorial's filter: logged_in_user, defined in SessionsHelper that ApplicationController includes, sends a caller who is not logged in to the login page: a guard; a filter whose block only sets a flash, or one in a helper nobody includes, is not", () => {
  const root = tempDir("tool-rails-sessions-helper-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :microposts, only: [:create, :destroy]\n  resources :notes, only: [:create]\n  resources :drafts, only: [:create]\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  include SessionsHelper\nend\n",
    "app/helpers/sessions_helper.rb": [
      "module SessionsHelper",
      "  def logged_in?",
      "    !current_user.nil?",
      "  end",
      "",
      "  def logged_in_user",
      "    unless logged_in?",
      "      store_location",
      "      flash[:danger] = \"Please log in.\"",
      "      redirect_to login_url, status: :see_other",
      "    end",
      "  end",
      "",
      "  def remind_user",
      "    unless logged_in?",
      "      flash[:info] = \"Log in to keep your notes.\"",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/helpers/drafts_helper.rb": "module DraftsHelper\n  def draft_owner\n    unless logged_in?\n      redirect_to login_url\n    end\n  end\nend\n",
    "app/controllers/microposts_controller.rb": "class MicropostsController < ApplicationController\n  before_action :logged_in_user, only: [:create, :destroy]\n\n  def create; end\n  def destroy; end\nend\n",
    "app/controllers/notes_controller.rb": "class NotesController < ApplicationController\n  before_action :remind_user\n\n  def create; end\nend\n",
    "app/controllers/drafts_controller.rb": "class DraftsController < ApplicationController\n  before_action :draft_owner\n\n  def create; end\nend\n",
  });
  assert.equal(guardedRoutes(root), [
    "POST /drafts",
    "POST /microposts [logged_in_user]",
    "DELETE /microposts/{id} [logged_in_user]",
    "POST /notes",
  ]);
});

rails("an engine that isolates a namespace deeper than its routes' first module (isolate_namespace Dradis::Plugins::Echo) keeps its controllers in that namespace's folders, guarded by the filters they inherit from the app's controllers", () => {
  const root = tempDir("tool-rails-isolated-engine-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 8.0"\n',
    "config/routes.rb": "Rails.application.routes.draw do\n  mount Dradis::Plugins::Echo::Engine, at: '/'\n  resources :projects, only: [:index]\nend\n",
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/authenticated_controller.rb": "class AuthenticatedController < ApplicationController\n  prepend_before_action :login_required\nend\n",
    "app/controllers/projects_controller.rb": "class ProjectsController < AuthenticatedController\n  def index; end\nend\n",
    "engines/echo/lib/dradis/plugins/echo/engine.rb": "module Dradis::Plugins::Echo\n  class Engine < ::Rails::Engine\n    isolate_namespace Dradis::Plugins::Echo\n  end\nend\n",
    "engines/echo/config/routes.rb": "Dradis::Plugins::Echo::Engine.routes.draw do\n  scope '/addons/echo' do\n    resources :agents, only: [:index, :update]\n    resources :prompts, only: [:create]\n  end\nend\n",
    "engines/echo/app/controllers/dradis/plugins/echo/application_controller.rb": "module Dradis::Plugins::Echo\n  class ApplicationController < ::AuthenticatedController\n  end\nend\n",
    "engines/echo/app/controllers/dradis/plugins/echo/agents_controller.rb": "module Dradis::Plugins::Echo\n  class AgentsController < ApplicationController\n    def index; end\n    def update; end\n  end\nend\n",
    // A decoy: a controller of the engine's that inherits from the app's base, not its authenticated one.
    "engines/echo/app/controllers/dradis/plugins/echo/prompts_controller.rb": "module Dradis::Plugins::Echo\n  class PromptsController < ::ApplicationController\n    def create; end\n  end\nend\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}${r.guards.length ? ` [${r.guards.join(",")}]` : ""}`).sort(), [
    "GET /addons/echo/agents [login_required]",
    "GET /projects [login_required]",
    "PATCH /addons/echo/agents/{id} [login_required]",
    "POST /addons/echo/prompts",
    "PUT /addons/echo/agents/{id} [login_required]",
  ]);
});

rails("CanCanCan: an Ability naming its caller otherwise (def initialize(member)) keeps the rules of the methods it calls for everyone (anon_abilities(member)) apart from those it calls for a member (member_abilities(member) if member.present?); authorize! at an action's top guards what the guest rules do not grant", () => {
  const root = tempDir("tool-rails-cancan-member-");
  writeFiles(root, {
    "Gemfile": "source 'https://rubygems.org'\ngem 'rails'\ngem 'cancancan'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :forums, only: [:index, :create]\n  get 'admin' => 'admin#index'\n  get 'admin/stats' => 'admin#stats'\nend\n",
    "app/models/ability.rb": [
      "class Ability",
      "  include CanCan::Ability",
      "",
      "  def initialize(member)",
      "    anon_abilities(member)",
      "    member_abilities(member) if member.present?",
      "  end",
      "",
      "  def anon_abilities(_member)",
      "    can :read, :all",
      "  end",
      "",
      "  def member_abilities(member)",
      "    can :create, Forum",
      "    can :manage, :all if member.role?(:admin)",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/forums_controller.rb": "class ForumsController < ApplicationController\n  load_and_authorize_resource\n\n  def index; end\n\n  def create; end\nend\n",
    "app/controllers/admin_controller.rb": "class AdminController < ApplicationController\n  def index\n    authorize! :manage, :all\n  end\n\n  def stats\n    authorize! :read, :all\n  end\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), ["GET /admin [authorize!]", "GET /admin/stats", "GET /forums", "POST /forums [authorize_resource]"]);
});

rails("a filter of a concern that lets the signed-in caller through and sends the rest to sign in through a helper of its own (return if user_signed_in?, then redirect_to_path(new_user_session_path)) guards, but where skipped; one that only sets a cookie for the rest guards nothing", () => {
  const root = tempDir("tool-rails-concern-redirect-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 7.0"\ngem "devise"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  resources :moods, only: [:index, :create]",
      "  get 'about' => 'pages#about'",
      "  get 'home_data' => 'pages#home_data'",
      "end",
      "",
    ].join("\n"),
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  include PageRedirectConcern",
      "  before_action :if_not_signed_in, unless: :devise_controller?",
      "  before_action :remember_locale",
      "",
      "  private",
      "",
      "  def remember_locale",
      "    return if user_signed_in?",
      "",
      "    cookies[:locale] = params[:locale]",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/concerns/page_redirect_concern.rb": [
      "module PageRedirectConcern",
      "  extend ActiveSupport::Concern",
      "",
      "  def if_not_signed_in",
      "    return if user_signed_in?",
      "",
      "    redirect_to_path(new_user_session_path)",
      "  end",
      "",
      "  def redirect_to_path(path)",
      "    respond_to do |format|",
      "      format.html { redirect_to path }",
      "      format.json { head :no_content }",
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/moods_controller.rb": "class MoodsController < ApplicationController\n  def index; end\n  def create; end\nend\n",
    "app/controllers/pages_controller.rb": [
      "class PagesController < ApplicationController",
      "  skip_before_action :if_not_signed_in, except: %i[home_data]",
      "  def about; end",
      "  def home_data; end",
      "end",
      "",
    ].join("\n"),
  });
  commitAll(root);
  assert.equal(guardedRoutes(root).sort(), [
    "GET /about",
    "GET /home_data [if_not_signed_in]",
    "GET /moods [if_not_signed_in]",
    "POST /moods [if_not_signed_in]",
  ]);
});

rails("a filter the application controller runs only for a caller who is signed in (before_action :accept_terms, if: :logged_in?) guards no route; the same filter run for everyone does", () => {
  const app = (condition: string) => {
    const root = tempDir("tool-rails-signed-in-filter-");
    writeFiles(root, {
      "Gemfile": "gem 'rails'\n",
      "config/routes.rb": "Rails.application.routes.draw do\n  resources :events, only: %i[index create]\nend\n",
      "app/controllers/application_controller.rb": [
        "class ApplicationController < ActionController::Base",
        `  before_action :accept_terms${condition}`,
        "",
        "  def accept_terms",
        "    redirect_to terms_and_conditions_path if current_user.accepted_toc_at.blank?",
        "  end",
        "end",
      ].join("\n"),
      "app/controllers/events_controller.rb": "class EventsController < ApplicationController\n  def index; end\n  def create; end\nend\n",
    });
    git(root, "init", "-q");
    return guardedRoutes(root).sort();
  };
  assert.equal(app(", if: :logged_in?"), ["GET /events", "POST /events"]);
  assert.equal(app(", unless: -> { current_user.nil? }"), ["GET /events", "POST /events"]);
  assert.equal(app(""), ["GET /events [accept_terms]", "POST /events [accept_terms]"]);
});

rails("a route constraint a class method computes (Site.constraints_for_public: the host to serve) decides no caller, an object's does; a filter a setting switches on (if: :site_protected?, reading Site.protected?) guards no route, one switched by the request it answers does", () => {
  const root = tempDir("tool-rails-host-constraints-");
  writeFiles(root, {
    "Gemfile": "gem 'rails'\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      "  constraints Site.constraints_for_public do",
      "    resources :petitions, only: %i[index create]",
      "    resources :reports, only: %i[create]",
      "  end",
      "  constraints AdminConstraint.new do",
      "    resources :jobs, only: %i[create]",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\nend\n",
    "app/controllers/petitions_controller.rb": [
      "class PetitionsController < ApplicationController",
      "  before_action :authenticate, if: :site_protected?",
      "  def index; end",
      "  def create; end",
      "",
      "  private",
      "",
      "  def site_protected?",
      "    Site.protected? unless request.local?",
      "  end",
      "",
      "  def authenticate",
      "    redirect_to login_url unless authenticated?",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/reports_controller.rb": [
      "class ReportsController < ApplicationController",
      "  before_action :authenticate_user!, if: :api_request?",
      "  def create; end",
      "",
      "  private",
      "",
      "  def api_request?",
      "    request.format.json?",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/jobs_controller.rb": "class JobsController < ApplicationController\n  def create; end\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root).sort(), [
    "GET /petitions",
    "POST /jobs [constraints(AdminConstraint)]",
    "POST /petitions",
    "POST /reports [authenticate_user!]",
  ]);
});

rails("a webhook that skips the sign-in filter (drawn in a namespace naming its controller) is guarded where its action checks the sender's signature (a provider's validate_webhook!, a rescued SignatureVerificationError, secure_compare), not where it only reads the payload", () => {
  const root = tempDir("tool-rails-webhooks-");
  writeFiles(root, {
    "Gemfile": "gem 'rails'\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      // The namespace's module is the controller where no other is named: webhooks#plaid.
      "  namespace :webhooks do",
      "    post 'plaid'",
      "    post 'stripe'",
      "  end",
      // `to: '#action'` names the module's own `Controller` class (Material::Controller).
      "  namespace :material, path: 'materials' do",
      "    put 'create_chunks', to: '#create_chunks'",
      "  end",
      "  post 'webhooks/github', to: 'webhooks#github'",
      "  post 'webhooks/ping', to: 'webhooks#ping'",
      "end",
    ].join("\n"),
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  before_action :authenticate_user!\nend\n",
    "app/controllers/material/controller.rb": "class Material::Controller < ApplicationController\n  def create_chunks\n    head :ok\n  end\nend\n",
    "app/controllers/webhooks_controller.rb": [
      "class WebhooksController < ApplicationController",
      "  skip_before_action :authenticate_user!",
      "",
      "  def plaid",
      "    webhook_body = request.body.read",
      "    client = Provider::Registry.plaid_provider_for_region(:us)",
      "    client.validate_webhook!(request.headers['Plaid-Verification'], webhook_body)",
      "    PlaidItem::WebhookProcessor.new(webhook_body).process",
      "    render json: { received: true }",
      "  end",
      "",
      "  def stripe",
      "    begin",
      "      provider.process_webhook_later(request.body.read, request.env['HTTP_STRIPE_SIGNATURE'])",
      "      head :ok",
      "    rescue Stripe::SignatureVerificationError => error",
      "      head :bad_request",
      "    end",
      "  end",
      "",
      "  def github",
      "    expected = 'sha256=' + OpenSSL::HMAC.hexdigest('SHA256', ENV['SECRET'], request.raw_post)",
      "    return head :unauthorized unless ActiveSupport::SecurityUtils.secure_compare(expected, request.headers['X-Hub-Signature-256'].to_s)",
      "    head :ok",
      "  end",
      "",
      "  def ping",
      "    Ping.create!(payload: request.body.read)",
      "    head :ok",
      "  end",
      "end",
    ].join("\n"),
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "PUT /materials/create_chunks [authenticate_user!]",
    "POST /webhooks/github [(verifies the request's signature)]",
    "POST /webhooks/ping",
    "POST /webhooks/plaid [(verifies the request's signature)]",
    "POST /webhooks/stripe [(verifies the request's signature)]",
  ]);
});

rails("a filter that returns at once for a caller without a user (return unless current_user) refuses no one, though it calls a check named like a guard after that line", () => {
  const root = tempDir("tool-rails-signed-in-only-filter-");
  writeFiles(root, {
    "Gemfile": "gem 'rails'\n",
    "config/routes.rb": "Rails.application.routes.draw do\n  root to: 'home#index'\n  get '/about' => 'home#about'\n  get '/agents' => 'agents#index'\nend\n",
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  before_action :authenticate_user!",
      "",
      "  def upgrade_warning",
      "    return unless current_user",
      "    twitter_oauth_check",
      "  end",
      "",
      "  def require_agents",
      "    twitter_oauth_check",
      "  end",
      "",
      "  def twitter_oauth_check",
      "    head :forbidden unless current_user.twitter_linked?",
      "  end",
      "end",
    ].join("\n"),
    "app/controllers/home_controller.rb": "class HomeController < ApplicationController\n  skip_before_action :authenticate_user!\n  before_action :upgrade_warning, only: :index\n\n  def index; end\n  def about; end\nend\n",
    "app/controllers/agents_controller.rb": "class AgentsController < ApplicationController\n  skip_before_action :authenticate_user!\n  before_action :require_agents\n\n  def index; end\nend\n",
  });
  git(root, "init", "-q");
  assert.equal(guardedRoutes(root), [
    "GET /",
    "GET /about",
    "GET /agents [twitter_oauth_check]",
  ]);
});

rails("routes drawn under a boolean environment setting (if ActiveModel::Type::Boolean.new.serialize(ENV[\"ENABLE_REDESIGN\"]) ... else ... end) are served as the example env file sets it; a plain `if ENV[...]` is not read so (\"false\" is truthy)", () => {
  const root = tempDir("tool-rails-env-switch-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 7.0"\n',
    ".sample.env": "ENABLE_REDESIGN=false\nLEGACY_API=false\n",
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      '  scope "upcase" do',
      '    if ActiveModel::Type::Boolean.new.serialize(ENV["ENABLE_REDESIGN"])',
      '      get "about-us", to: "redesign/about#show"',
      '      scope "classic" do',
      '        get "", to: "marketing#show"',
      "      end",
      "    else",
      '      root to: "marketing#show"',
      '      get "/about-us", to: "pages#show"',
      "    end",
      '    if ENV["LEGACY_API"]',
      '      get "legacy", to: "legacy#index"',
      "    end",
      "  end",
      "end",
      "",
    ].join("\n"),
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "GET /upcase marketing#show",
    "GET /upcase/about-us pages#show",
    "GET /upcase/legacy legacy#index",
  ]);
});

rails("a before_action named for the caller it requires (must_be_admin, must_be_team_owner) guards; a constraint named for what it matches in the path (SlugConstraint) does not, one named for a caller (AdminConstraint) does", () => {
  const root = tempDir("tool-rails-must-be-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 7.0"\n',
    "config/routes.rb": [
      "Rails.application.routes.draw do",
      '  get "/vanity" => "vanity#index"',
      '  get "/:id" => "trails#show", :constraints => SlugConstraint.new(Trail)',
      "  constraints AdminConstraint.new do",
      '    get "/admin/decks" => "admin/decks#index"',
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/application_controller.rb": "class ApplicationController < ActionController::Base\n  def must_be_admin\n    unless current_user_is_admin?\n      redirect_to root_url\n    end\n  end\nend\n",
    "app/controllers/vanity_controller.rb": "class VanityController < ApplicationController\n  before_action :must_be_admin\n\n  def index\n  end\nend\n",
    "app/controllers/trails_controller.rb": "class TrailsController < ApplicationController\n  def show\n  end\nend\n",
    "app/controllers/admin/decks_controller.rb": "module Admin\n  class DecksController < ApplicationController\n    def index\n    end\n  end\nend\n",
  });
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} [${r.guards.join(",")}]`), [
    "GET /{id} []",
    "GET /admin/decks [constraints(AdminConstraint)]",
    "GET /vanity [must_be_admin]",
  ]);
});

rails("a resource route's action is no action when its controller defines it only after private (until public); a module the controller's own file declares, or one declared inside the file of its outer module (HSTS::Concern in hsts.rb), is read for actions rather than making the route undecided", () => {
  const root = tempDir("tool-rails-actions-private-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 7.0"\n',
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :communities, only: [:index, :show, :update, :edit]\n  resources :reports, only: [:index, :show]\nend\n",
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  module DefaultURLOptions",
      "    def default_url_options; {}; end",
      "  end",
      "  include DefaultURLOptions",
      "  include HSTS::Concern",
      "end",
      "",
    ].join("\n"),
    "app/controllers/concerns/hsts.rb": "module HSTS\n  module_function\n\n  module Concern\n    def hsts_header; end\n  end\nend\n",
    // `update` here is a helper after private, called with arguments: no action; `edit`, after `public` again, is one.
    "app/controllers/communities_controller.rb": "class CommunitiesController < ApplicationController\n  def show; end\n\n  private\n\n  def update(model, params); end\n\n  public\n\n  def edit; end\nend\n",
    // A module that is not in the repository still leaves its controller's routes undecided.
    "app/controllers/reports_controller.rb": "class ReportsController < ApplicationController\n  include Reporting::Actions\nend\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path}`), ["GET /communities/{id}", "GET /communities/{id}/edit", "GET /reports", "GET /reports/{id}"]);
});

rails("devise_for with only: [:omniauth_callbacks] draws a route per provider the initializer configures, as without only:", () => {
  const root = tempDir("tool-rails-devise-only-omniauth-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 7.0"\ngem "devise"\n',
    "config/routes.rb": 'Rails.application.routes.draw do\n  devise_for :people, only: :omniauth_callbacks, controllers: { omniauth_callbacks: "omniauth" }\nend\n',
    "app/models/person.rb": "class Person < ApplicationRecord\n  devise :database_authenticatable, :registerable,\n         :omniauthable\nend\n",
    "config/initializers/devise.rb": "Devise.setup do |config|\n  config.omniauth :facebook,\n                  setup: true\n  config.omniauth :linkedin, setup: true\nend\n",
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.handler}`), [
    "POST /people/auth/facebook omniauth#passthru",
    "GET /people/auth/facebook/callback omniauth#facebook",
    "POST /people/auth/facebook/callback omniauth#facebook",
    "POST /people/auth/linkedin omniauth#passthru",
    "GET /people/auth/linkedin/callback omniauth#linkedin",
    "POST /people/auth/linkedin/callback omniauth#linkedin",
  ]);
});

rails("http_basic_authenticate_with written in a class method of the base controller (def self.require_admin) guards no action by itself; written in the class body it guards", () => {
  const root = tempDir("tool-rails-basic-in-method-");
  writeFiles(root, {
    "Gemfile": 'source "https://rubygems.org"\ngem "rails", "~> 7.0"\n',
    "config/routes.rb": "Rails.application.routes.draw do\n  resources :events, only: [:index, :show]\n  resources :reports, only: [:index, :show]\nend\n",
    "app/controllers/application_controller.rb": [
      "class ApplicationController < ActionController::Base",
      "  def self.require_admin(options = {})",
      "    http_basic_authenticate_with(",
      "      options.reverse_merge(",
      "        name: Settings.admin_username,",
      "        password: Settings.admin_password",
      "      )",
      "    )",
      "  end",
      "end",
      "",
    ].join("\n"),
    "app/controllers/events_controller.rb": "class EventsController < ApplicationController\n  def index; end\n  def show; end\nend\n",
    "app/controllers/reports_controller.rb": 'class ReportsController < ApplicationController\n  http_basic_authenticate_with name: "admin", password: ENV["REPORTS_PASSWORD"], except: :index\n\n  def index; end\n  def show; end\nend\n',
  });
  commitAll(root);
  assert.equal(guardedRoutes(root), ["GET /events", "GET /events/{id}", "GET /reports", "GET /reports/{id} [http_basic_authenticate_with]"]);
});

rails.run();
