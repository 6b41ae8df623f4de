/**
 * The owners of the Go routers the route scanners read (`github.com/gin-gonic/gin`,
 * `github.com/go-chi/chi/v5`, ...), as one alternation for the patterns that tell a framework's
 * package from the project's own (frameworks/go-project-router.ts) and a file another scanner
 * reads from one it may read alone (frameworks/go-method-registrars.ts).
 */
export const ROUTER_OWNERS = "gin-gonic|labstack|go-chi|gofiber|gorilla|julienschmidt|gogf|beego|astaxie|flamego|go-macaron|go-kratos|uptrace|danielgtaylor|goadesign|twitchtv|grpc-ecosystem|bmizerany|dimfeld|go-zoo|gocraft|naoina";
