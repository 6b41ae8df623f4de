import { suite } from "uvu";
import * as assert from "uvu/assert";
import { analyze } from "../../analysis/mod.ts";
import { every } from "../../analysis/routes/entry/entry.ts";
import { commitAll, fixtureRepo, git, runTool, tempDir, writeFiles } from "../helpers/repo.ts";

const list = (root: string, kind?: string) =>
  analyze(root).routes.items.filter((r) => !kind || r.kind === kind)
    .map((r) =>
      `${r.method} ${r.path} ${r.file}:${r.line} ${r.framework} ${r.handler}${
        r.guards.length ? ` [${r.guards.join(",")}]` : ""
      }`
    );

/** A git repository made of the given files. */
function repo(files: Record<string, string>): string {
  const root = tempDir();
  writeFiles(root, files);
  git(root, "init", "-q");
  return root;
}

const consumers = suite("message consumers");

consumers("Kafka, RabbitMQ, SQS, BullMQ, NestJS, Celery, Sidekiq, Active Job and Spring listeners, exactly", () => {
  assert.equal(list(fixtureRepo("entry-consumers")), [
    "CONSUME {REFUNDS_TOPIC} src/consumers/orders.js:11 kafkajs handleOrderMessage",
    "CONSUME ${app.topics.orders} src/main/java/com/acme/listeners/OrderListener.java:13 spring-kafka OrderListener.onOrder",
    "CONSUME audit.events src/main/java/com/acme/listeners/OrderListener.java:22 spring-amqp OrderListener.onAudit [PreAuthorize]",
    "CONSUME cmd=refund src/payments/payments.controller.ts:13 nestjs-microservices PaymentsController.refund [ServiceAuthGuard]",
    "CONSUME critical app/jobs/hard_job.rb:1 sidekiq HardJob#perform",
    "CONSUME default app/workers/cleanup_worker.rb:1 sidekiq CleanupWorker#perform",
    "CONSUME emails.outgoing src/consumers/emails.ts:9 amqplib sendEmail",
    "CONSUME invoices src/consumers/invoices.js:3 sqs-consumer handleMessage",
    "CONSUME payments.captured src/payments/payments.controller.ts:7 nestjs-microservices PaymentsController.captured",
    "CONSUME reports app/jobs/report_job.rb:1 activejob ReportJob#perform",
    "CONSUME reports.nightly worker/tasks.py:11 celery build_report",
    "CONSUME shipments src/main/kotlin/com/acme/ShipmentListener.kt:8 spring-kafka ShipmentListener.onShipment",
    "CONSUME shop.orders.cancelled src/consumers/orders.js:11 kafkajs handleOrderMessage",
    "CONSUME shop.orders.created src/consumers/orders.js:10 kafkajs handleOrderMessage",
    "CONSUME stock.released src/main/java/com/acme/listeners/OrderListener.java:17 spring-kafka OrderListener.onStock",
    "CONSUME stock.reserved src/main/java/com/acme/listeners/OrderListener.java:17 spring-kafka OrderListener.onStock",
    "CONSUME thumbnails src/workers/thumbnails.ts:4 bullmq resize",
    "CONSUME worker.tasks.charge_card worker/tasks.py:6 celery charge_card",
  ]);
});

consumers(
  "Python brokers, NATS and Redis streams in JS, Sneakers and Karafka, Micronaut; a library is read only where imported",
  () => {
    const root = repo({
      "svc/consume.py": [
        "import pika",
        "from kafka import KafkaConsumer",
        "import nats",
        "",
        "def run():",
        '    consumer = KafkaConsumer("clicks", "views", group_id="g")',
        '    channel.basic_consume(queue="mail", on_message_callback=on_mail)',
        "",
        "async def listen(nc):",
        '    await nc.subscribe("orders.*", cb=on_order)',
      ].join("\n"),
      "js/streams.js":
        'const Redis = require("ioredis");\nconst { connect } = require("nats");\nasync function poll(redis, nc) {\n  await redis.xreadgroup("GROUP", "g", "c", "STREAMS", "events", ">");\n  nc.subscribe("metrics.>");\n}\n',
      "js/plain.js": 'emitter.subscribe("not-a-topic");\nchannel.consume("not-a-queue", x);\n',
      "app/workers/audit_worker.rb":
        'class AuditWorker\n  include Sneakers::Worker\n  from_queue "audit"\n\n  def work(msg)\n  end\nend\n',
      "karafka.rb":
        "class KarafkaApp < Karafka::App\n  routes.draw do\n    topic :payments do\n      consumer PaymentsConsumer\n    end\n  end\nend\n",
      "src/main/java/a/Mn.java":
        'package a;\n@KafkaListener(groupId = "g")\npublic class Mn {\n  @Topic("micronaut-orders")\n  public void receive(String m) {}\n}\n',
    });
    assert.equal(list(root), [
      "CONSUME audit app/workers/audit_worker.rb:1 sneakers AuditWorker#work",
      "CONSUME clicks svc/consume.py:6 kafka-python run",
      "CONSUME events js/streams.js:4 redis-streams poll",
      "CONSUME mail svc/consume.py:7 pika run",
      "CONSUME metrics.> js/streams.js:5 nats poll",
      "CONSUME micronaut-orders src/main/java/a/Mn.java:4 micronaut-kafka Mn.receive",
      "CONSUME orders.* svc/consume.py:10 nats listen",
      "CONSUME payments karafka.rb:3 karafka PaymentsConsumer#consume",
      "CONSUME views svc/consume.py:6 kafka-python run",
    ]);
  },
);

consumers.run();

const jobs = suite("scheduled jobs");

jobs("node-cron, cron, NestJS, Celery beat, Spring @Scheduled, Quartz, Hangfire and Quartz.NET, exactly", () => {
  assert.equal(list(fixtureRepo("entry-jobs"), "job"), [
    "CRON */15 * * * * src/jobs/cleanup.js:8 node-cron (inline)",
    "CRON ${jobs.cleanup.cron} src/main/java/com/acme/jobs/Maintenance.java:9 spring-scheduling Maintenance.cleanup",
    "CRON 0 */3 * * * proj/celery.py:9 celery-beat proj.tasks.purge_carts",
    "CRON 0 0/30 8-18 ? * MON-FRI src/main/java/com/acme/jobs/QuartzConfig.java:13 quartz InvoiceJob",
    "CRON 0 15 10 * * ? src/main/java/com/acme/jobs/Maintenance.java:17 spring-scheduling Maintenance.morningReport",
    "CRON 0 2 * * 0 Jobs/Startup.cs:10 hangfire Database.Vacuum",
    "CRON 0 3 * * * src/jobs/cleanup.js:7 node-cron purgeSessions",
    "CRON 0 30 11 * * 1-5 src/reports/reports.service.ts:9 nestjs-schedule ReportsService.lunchReport",
    "CRON 0 6 * * * Jobs/Startup.cs:9 hangfire IInvoiceService.SendReminders",
    "CRON 0 8 * * 1 src/jobs/digest.ts:4 cron sendDigest",
    "CRON 30 7 * * 1 proj/celery.py:26 celery-beat send_report",
    "CRON CronExpression.EVERY_HOUR src/reports/reports.service.ts:6 nestjs-schedule ReportsService.rollup",
    "CRON every 10m Jobs/QuartzSetup.cs:11 quartz.net ExportJob",
    "CRON every 30s proj/celery.py:13 celery-beat proj.tasks.ping",
    "CRON every 5m proj/celery.py:17 celery-beat proj.tasks.sync_stock",
    "CRON every 5m src/reports/reports.service.ts:12 nestjs-schedule ReportsService.refreshCache",
    "CRON every 5s src/main/java/com/acme/jobs/Maintenance.java:13 spring-scheduling Maintenance.heartbeat",
  ]);
});

jobs("APScheduler, the schedule library, Bull repeatable jobs, Agenda; workflow YAML is not a job", () => {
  const root = repo({
    "jobs.py": [
      "import schedule",
      "from apscheduler.schedulers.blocking import BlockingScheduler",
      "sched = BlockingScheduler()",
      'sched.add_job(backup, "cron", hour=2, minute=30)',
      'sched.add_job(poll, "interval", minutes=10)',
      "",
      '@sched.scheduled_job("cron", day_of_week="mon-fri", hour=17)',
      "def report():",
      "    pass",
      "",
      'schedule.every().day.at("10:30").do(digest)',
    ].join("\n"),
    "queue.ts":
      'import { Queue } from "bullmq";\nimport Agenda from "agenda";\nconst q = new Queue("mail");\nq.add("newsletter", {}, { repeat: { pattern: "0 9 * * 1" } });\nq.add("once", {});\nagenda.every("3 hours", "sync feeds");\n',
    ".github/workflows/nightly.yml": "on:\n  schedule:\n    - cron: '0 0 * * *'\n",
  });
  assert.equal(list(root), [
    "CRON 0 17 * * mon-fri jobs.py:7 apscheduler report",
    "CRON 0 9 * * 1 queue.ts:4 bullmq newsletter",
    "CRON 30 2 * * * jobs.py:4 apscheduler backup",
    "CRON every 10m jobs.py:5 apscheduler poll",
    "CRON every 1d at 10:30 jobs.py:11 schedule digest",
    "CRON every 3 hours queue.ts:6 agenda sync feeds",
  ]);
  assert.is(every(5400), "every 90m");
  assert.is(every(0.25), "every 250ms");
});

jobs.run();

const sockets = suite("WebSocket gateways");

sockets("NestJS gateways, socket.io namespaces and events, ws servers and Phoenix channels, exactly; a Phoenix socket is its WebSocket at <path>/websocket (unless false) and its long-polling routes when on, Phoenix's live-reload socket (development only) neither socket nor routes; a Socket.IO server is also its engine's endpoint, once however many gateways share it", () => {
  assert.equal(list(fixtureRepo("entry-websockets")), [
    "WS /#chat message src/realtime/io.js:8 socket.io (inline)",
    "WS /#join room src/realtime/io.js:7 socket.io onJoin",
    "WS /admin#kick src/realtime/io.js:19 socket.io (inline)",
    "WS /chat#message src/chat/chat.gateway.ts:9 nestjs-websockets ChatGateway.handleMessage",
    "WS /chat#typing src/chat/chat.gateway.ts:15 nestjs-websockets ChatGateway.handleTyping [WsJwtGuard]",
    "WS /feed src/realtime/feed.ts:3 ws onFeedConnection",
    "GET /live/longpoll lib/shop_web/endpoint.ex:8 phoenix Phoenix.LiveView.Socket",
    "POST /live/longpoll lib/shop_web/endpoint.ex:8 phoenix Phoenix.LiveView.Socket",
    "WS /live/websocket lib/shop_web/endpoint.ex:8 phoenix Phoenix.LiveView.Socket",
    "GET /socket.io src/chat/chat.gateway.ts:7 nestjs-websockets Socket.IO engine",
    "POST /socket.io src/chat/chat.gateway.ts:7 nestjs-websockets Socket.IO engine",
    "WS /socket/websocket lib/shop_web/endpoint.ex:4 phoenix ShopWeb.UserSocket",
    "WS room:* lib/shop_web/channels/user_socket.ex:5 phoenix-channels ShopWeb.RoomChannel",
    "WS room:*#new_msg lib/shop_web/channels/room_channel.ex:7 phoenix-channels ShopWeb.RoomChannel.handle_in/3",
    "WS room:*#shout lib/shop_web/channels/room_channel.ex:12 phoenix-channels ShopWeb.RoomChannel.handle_in/3",
  ]);
});

sockets("a Socket.IO server made with a path option serves its engine there, no unguarded write; a file of a client (socket.io-client), of a plain ws server, or a bundle that only names socket.io serves none", () => {
  const root = tempDir("tool-socketio-engine-");
  writeFiles(root, {
    "package.json": JSON.stringify({ dependencies: { "socket.io": "^4", "socket.io-client": "^4", ws: "^8", express: "^4" } }),
    "server/io.js": [
      'const { Server } = require("socket.io");',
      "",
      "function attach(httpServer) {",
      '  const io = new Server(httpServer, { path: "/api/socket.io/", cors: { origin: "*" } });',
      '  io.on("connection", (socket) => {',
      '    socket.on("ping server", () => socket.emit("pong"));',
      "  });",
      "}",
      "module.exports = { attach };",
    ].join("\n"),
    "web/client.js": 'import { io } from "socket.io-client";\nconst socket = io("/", { path: "/api/socket.io/" });\nsocket.on("connect", () => socket.emit("ping server"));\n',
    "server/feed.js": 'const { WebSocketServer } = require("ws");\nconst wss = new WebSocketServer({ path: "/feed" });\nwss.on("connection", (ws) => ws.send("hi"));\n',
    "public/js/echo.js": 'var driver = "socket.io";\nfunction listen(io) { io.on("connection", function (socket) { socket.on("presence", function () {}); }); }\n',
  });
  commitAll(root);
  assert.equal(analyze(root).routes.items.map((r) => `${r.method} ${r.path} ${r.file}`), [
    "WS /#ping server server/io.js",
    "WS /#presence public/js/echo.js",
    "GET /api/socket.io server/io.js",
    "POST /api/socket.io server/io.js",
    "WS /feed server/feed.js",
  ]);
  // The engine carries the events to their handlers: its POST is no unguarded write of its own.
  assert.equal(analyze(root).routes.unguardedWrites.map((r) => `${r.method} ${r.path}`), []);
});

sockets.run();

const rpc = suite("gRPC methods and GraphQL resolvers");

rpc("gRPC services in Java, Kotlin, Python, C# and NestJS; helpers of the class are not RPCs", () => {
  const root = repo({
    "src/main/java/a/GreeterImpl.java":
      'package a;\npublic class GreeterImpl extends GreeterGrpc.GreeterImplBase {\n  @Override\n  @PreAuthorize("isAuthenticated()")\n  public void sayHello(HelloRequest r, StreamObserver<HelloReply> o) {}\n  private void log() {}\n}\n',
    "src/main/kotlin/a/Route.kt":
      "package a\nclass RouteService : RouteGuideGrpcKt.RouteGuideCoroutineImplBase() {\n  override suspend fun getFeature(request: Point): Feature = Feature()\n}\n",
    "server.py":
      "import helloworld_pb2_grpc\nclass Greeter(helloworld_pb2_grpc.GreeterServicer):\n    def SayHello(self, request, context):\n        return None\n    def helper(self):\n        return 1\n",
    "Services/Billing.cs":
      "namespace A;\n[Authorize]\npublic class BillingService : Billing.BillingBase\n{\n    public override async Task<Reply> Charge(Req r, ServerCallContext c) => new();\n}\n",
    "src/heroes.controller.ts":
      'import { GrpcMethod } from "@nestjs/microservices";\n@Controller()\nexport class HeroesController {\n  @GrpcMethod("HeroesService", "FindOne")\n  findOne(data: unknown) {}\n}\n',
  });
  assert.equal(list(root), [
    "RPC /Billing/Charge Services/Billing.cs:5 grpc-dotnet BillingService.Charge [Authorize]",
    "RPC /Greeter/SayHello server.py:3 grpcio Greeter.SayHello",
    "RPC /Greeter/SayHello src/main/java/a/GreeterImpl.java:5 grpc-java GreeterImpl.sayHello [PreAuthorize]",
    "RPC /HeroesService/FindOne src/heroes.controller.ts:4 nestjs-microservices HeroesController.findOne",
    "RPC /RouteGuide/GetFeature src/main/kotlin/a/Route.kt:3 grpc-kotlin RouteService.getFeature",
  ]);
});

rpc("GraphQL resolvers of NestJS, Strawberry, Graphene, Ariadne, Spring, DGS and gqlgen", () => {
  const root = repo({
    "src/users.resolver.ts":
      'import { Resolver, Query, Mutation } from "@nestjs/graphql";\n@Resolver(() => User)\nexport class UsersResolver {\n  @Query(() => [User], { name: "allUsers" })\n  findAll() {}\n  @UseGuards(GqlAuthGuard)\n  @Mutation(() => User)\n  createUser() {}\n}\n',
    "py/straw.py":
      "import strawberry\n@strawberry.type\nclass Query:\n    @strawberry.field(permission_classes=[IsAuthenticated])\n    def all_books(self) -> list[Book]:\n        return []\n",
    "py/gra.py":
      "import graphene\nclass Query(graphene.ObjectType):\n    users = graphene.List(User)\n\n    @login_required\n    def resolve_users(root, info):\n        return []\n\nclass Mutation(graphene.ObjectType):\n    create_user = CreateUser.Field()\n",
    "py/ari.py":
      'from ariadne import QueryType, MutationType\nquery = QueryType()\nmutation = MutationType()\n@query.field("hello")\ndef resolve_hello(*_):\n    return "hi"\nmutation.set_field("bye", resolve_bye)\n',
    "src/main/java/a/BookController.java":
      'package a;\n@Controller\npublic class BookController {\n  @QueryMapping\n  public Book bookById(@Argument String id) { return null; }\n  @SchemaMapping(typeName = "Mutation", field = "addBook")\n  public Book add() { return null; }\n  @SchemaMapping(typeName = "Book")\n  public Author author(Book b) { return null; }\n}\n',
    "src/main/java/a/Shows.java":
      'package a;\n@DgsComponent\npublic class Shows {\n  @DgsData(parentType = "Query", field = "shows")\n  public List<Show> shows() { return null; }\n}\n',
    "graph/schema.resolvers.go":
      "package graph\nfunc (r *queryResolver) Todos(ctx context.Context) ([]*model.Todo, error) { return nil, nil }\nfunc (r *mutationResolver) CreateTodo(ctx context.Context, input model.NewTodo) (*model.Todo, error) { return nil, nil }\n",
  });
  assert.equal(list(root), [
    "MUTATION addBook src/main/java/a/BookController.java:6 spring-graphql BookController.add",
    "QUERY allBooks py/straw.py:4 strawberry Query.all_books [IsAuthenticated]",
    "QUERY allUsers src/users.resolver.ts:4 nestjs-graphql UsersResolver.findAll",
    "QUERY bookById src/main/java/a/BookController.java:4 spring-graphql BookController.bookById",
    "MUTATION bye py/ari.py:7 ariadne resolve_bye",
    "MUTATION createTodo graph/schema.resolvers.go:3 gqlgen mutationResolver.CreateTodo",
    "MUTATION createUser py/gra.py:10 graphene CreateUser",
    "MUTATION createUser src/users.resolver.ts:7 nestjs-graphql UsersResolver.createUser [GqlAuthGuard]",
    "QUERY hello py/ari.py:4 ariadne resolve_hello",
    "QUERY shows src/main/java/a/Shows.java:4 dgs Shows.shows",
    "QUERY todos graph/schema.resolvers.go:2 gqlgen queryResolver.Todos",
    "QUERY users py/gra.py:3 graphene Query.resolve_users [login_required]",
  ]);
});

rpc("NestJS's GraphQLModule serves its resolvers over HTTP at /graphql, or at its path option (forRootAsync: the path of the options its factory returns), outside the global prefix; a nested path option (the typings' output) is not the endpoint's", () => {
  const root = repo({
    "package.json": JSON.stringify({ dependencies: { "@nestjs/core": "^10", "@nestjs/graphql": "^12" } }),
    "src/main.ts": 'import { NestFactory } from "@nestjs/core";\nasync function bootstrap() {\n  const app = await NestFactory.create(AppModule);\n  app.setGlobalPrefix("api");\n  await app.listen(3000);\n}\nbootstrap();\n',
    "src/app.module.ts": [
      'import { Module } from "@nestjs/common";',
      'import { GraphQLModule } from "@nestjs/graphql";',
      "@Module({",
      "  imports: [",
      "    GraphQLModule.forRoot({",
      '      typePaths: ["./**/*.graphql"],',
      '      definitions: { path: join(process.cwd(), "src/graphql.ts") },',
      "    }),",
      "  ],",
      "})",
      "export class AppModule {}",
      "",
    ].join("\n"),
    "admin/admin.module.ts": 'import { GraphQLModule } from "@nestjs/graphql";\n@Module({ imports: [GraphQLModule.forRoot<ApolloDriverConfig>({ driver: ApolloDriver, path: "/admin/graphql" })] })\nexport class AdminModule {}\n',
    "reports/reports.module.ts": [
      'import { GraphQLModule } from "@nestjs/graphql";',
      "@Module({ imports: [GraphQLModule.forRootAsync<ApolloDriverConfig>({",
      "  driver: ApolloDriver,",
      "  inject: [ConfigService],",
      '  useFactory: async (config: ConfigService) => ({ path: "/reports/graphql", autoSchemaFile: join(process.cwd(), "schema.gql") }),',
      "})] })",
      "export class ReportsModule {}",
    ].join("\n"),
  });
  assert.equal(list(root, "http"), [
    "GET /admin/graphql admin/admin.module.ts:2 nestjs-graphql GraphQLModule",
    "POST /admin/graphql admin/admin.module.ts:2 nestjs-graphql GraphQLModule",
    "GET /graphql src/app.module.ts:5 nestjs-graphql GraphQLModule",
    "POST /graphql src/app.module.ts:5 nestjs-graphql GraphQLModule",
    "GET /reports/graphql reports/reports.module.ts:2 nestjs-graphql GraphQLModule",
    "POST /reports/graphql reports/reports.module.ts:2 nestjs-graphql GraphQLModule",
  ]);
});

rpc("Apollo Server 2-3 serves over HTTP where applyMiddleware({ app, path }) puts it, /graphql by default; Redux's applyMiddleware is no server", () => {
  const root = repo({
    "package.json": JSON.stringify({ dependencies: { express: "^4", "apollo-server-express": "^2" } }),
    "server/core/servers.js": "const { ApolloServer } = require('apollo-server-express')\nmodule.exports = {\n  async startGraphQL () {\n    this.servers.graph = new ApolloServer({ typeDefs, resolvers })\n    this.servers.graph.applyMiddleware({ app: WIKI.app, cors: false })\n  }\n}\n",
    "server/admin.js": "const { ApolloServer } = require('apollo-server-express')\nconst admin = new ApolloServer({ schema })\nadmin.applyMiddleware({ app, path: '/admin/graphql' })\n",
    "client/store.js": "import { createStore, applyMiddleware } from 'redux'\nexport const store = createStore(reducer, applyMiddleware(thunk))\n",
  });
  assert.equal(list(root, "http"), [
    "GET /admin/graphql server/admin.js:3 apollo-server ApolloServer",
    "POST /admin/graphql server/admin.js:3 apollo-server ApolloServer",
    "GET /graphql server/core/servers.js:5 apollo-server ApolloServer",
    "POST /graphql server/core/servers.js:5 apollo-server ApolloServer",
  ]);
});

rpc.run();

const cli = suite("tool routes --kind");

cli("tool routes --kind consumer|job|ws|grpc|graphql prints only that kind", () => {
  const jobsRepo = fixtureRepo("entry-jobs");
  const jobsText = runTool(["routes", "--kind", "job", "--root", jobsRepo]);
  assert.is(jobsText.code, 0, jobsText.stderr);
  assert.match(jobsText.stdout, /^17 entry points/);
  assert.match(
    jobsText.stdout,
    /\n {2}CRON {4}\$\{jobs\.cleanup\.cron\} +src\/main\/java\/com\/acme\/jobs\/Maintenance\.java:9  Maintenance\.cleanup/,
  );
  assert.not.match(jobsText.stdout, /CONSUME/);
  const consumer = JSON.parse(runTool(["routes", "--kind", "consumer", "--json", "--root", jobsRepo]).stdout);
  assert.equal(consumer.items.map((r: { path: string }) => r.path), ["proj.celery.send_report"]);
  const ws = runTool(["routes", "--kind", "ws", "--root", fixtureRepo("entry-websockets")]);
  assert.match(ws.stdout, /^11 entry points/);
  const grpc = runTool(["routes", "--kind", "grpc", "--root", fixtureRepo("contracts-grpc")]);
  assert.match(grpc.stdout, /RPC +\/helloworld\.Greeter\/SayHello +node\/server\.js:12/);
  const graphql = runTool(["routes", "--kind", "graphql", "--root", fixtureRepo("contracts-graphql")]);
  assert.match(graphql.stdout, /SUBSCRIPTION userCreated/);
});

cli.run();
