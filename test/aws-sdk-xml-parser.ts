import { createRequire } from "node:module";
import path from "node:path";
import type { Plugin } from "vitest/config";

const require = createRequire(import.meta.url);

/**
 * The AWS SDK's S3 client (the tests read destinations back with it, test/helpers/aws.ts) parses
 * S3's XML answers with `DOMParser` in its browser build, which the workers tests resolve and which
 * workerd lacks ("DOMParser is not defined"). Its Node build parses with a small parser of its own
 * in plain JavaScript: the tests' runtimes get that one. Only @aws-sdk/xml-builder's import of its
 * parser is redirected; if the SDK moves it, S3 reads in the tests fail loudly, nothing else does.
 */
export function awsSdkXmlParser(): Plugin {
  // The package exports no subpaths: its Node parser is found beside its ES entry.
  const nodeParser = path.join(
    path.dirname(
      require.resolve("@aws-sdk/xml-builder/package.json", { paths: [require.resolve("@aws-sdk/client-s3")] }),
    ),
    "dist-es/xml-parser.js",
  );
  return {
    name: "aws-sdk-xml-parser-for-workerd",
    enforce: "pre",
    resolveId(source, importer) {
      if (source === "./xml-parser" && importer?.includes(`${path.sep}@aws-sdk${path.sep}xml-builder${path.sep}`))
        return nodeParser;
      return undefined;
    },
  };
}
