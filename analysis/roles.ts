/**
 * What a file is for, from the conventions of its path: `source` (the product), `test`,
 * `fixture` (sample code that tests read), `generated` (migrations, protobuf and other tool
 * output), `vendored` (someone else's code kept in the tree). Used to choose what the analysis
 * keeps first when a repository is over the file cap.
 */
export type Role = "source" | "generated" | "test" | "fixture" | "vendored";

const FIXTURE = /(^|\/)(fixtures?|__fixtures__|testdata|test-data|__mocks__|mocks|__snapshots__|snapshots|samples)\//i;
const TEST_FOLDER = /(^|\/)(tests?|__tests__|specs?|e2e|integration-tests|testing)\//i;
const TEST_FILE = /(\.(test|spec|e2e)\.[a-z]+$|_test\.(go|py|rb|exs?)$|(^|\/)test_[^/]+\.py$|_spec\.rb$|(Test|Tests|Spec|IT)\.(java|kt|cs|scala|swift)$)/;
const GENERATED = /((^|\/)migrations\/\d{4}_[^/]+\.py$|(^|\/)db\/migrate\/[^/]+\.rb$|\.pb\.(go|cc|h)$|_pb2(_grpc)?\.py$|\.(generated|gen|g|freezed)\.[a-z]+$|(^|\/)generated\/)/;
const VENDORED = /(^|\/)(third[_-]party|external|vendored)\//i;

export function roleOf(path: string): Role {
  if (VENDORED.test(path)) return "vendored";
  if (FIXTURE.test(path)) return "fixture";
  if (TEST_FOLDER.test(path) || TEST_FILE.test(path)) return "test";
  if (GENERATED.test(path)) return "generated";
  return "source";
}

/** The order in which files are kept under the cap: the product first. */
export const ROLE_PRIORITY: Record<Role, number> = { source: 0, generated: 1, test: 2, fixture: 3, vendored: 4 };
