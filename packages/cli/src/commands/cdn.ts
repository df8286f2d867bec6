import { Command, Option } from '@commander-js/extra-typings';
import { examples } from '../help/help-examples';
import type { Action } from '../context/run-types';
import { forceOption, localeMapOption, timeoutOption } from '../options/shared-options';

// `loc cdn` as --help shows it: declared at start-up, run by commands/cdn/check.ts (program.ts loads it).

/** The value lists of --environment and --type; a test checks them against the SDK's. */
export const ENVIRONMENTS = ['DEVELOPMENT', 'TEST', 'STAGING', 'PRODUCTION'] as const;
export const DISTRIBUTION_TYPES = ['NATIVE_FORMAT', 'MOBILE_SDK_ANDROID', 'MOBILE_SDK_IOS'] as const;

/** A build step should never hang: the check and its download together get this long by default. */
export const DEFAULT_CDN_TIMEOUT_MS = 2 * 60_000;

const checkDeclaration = () =>
  new Command('check')
    .description('is there a newer release for this app? exit 0 yes, 20 no; --download fetches it')
    .addOption(
      new Option(
        '-e, --environment <environment>',
        'distribution environment (default: cdn.environment of loc.config.json)',
      ).choices(ENVIRONMENTS),
    )
    .addOption(
      new Option('-t, --type <type>', 'distribution type (default: cdn.type of loc.config.json)').choices(
        DISTRIBUTION_TYPES,
      ),
    )
    .addOption(new Option('--client-version <semver>', "the app's version: only releases made for it are offered"))
    .addOption(
      new Option(
        '--client-release <id>',
        'the release the app has now (default: the one recorded in the --download folder)',
      ),
    )
    .addOption(new Option('--client-user <id>', 'for the service’s logs only'))
    .addOption(new Option('--client-agent <agent>', 'for the service’s logs only (default loc-cli/<version>)'))
    .addOption(new Option('--client-language <code>', 'for the service’s logs only'))
    .addOption(
      new Option(
        '-d, --download [dir]',
        'download and unzip the release into this folder; skipped when it is there already',
      ),
    )
    .addOption(localeMapOption('with --download: name a service locale as the app wants it, pt-BR=pt (repeatable)'))
    .addOption(forceOption('with --download: overwrite or remove files changed since loc wrote them'))
    .addOption(timeoutOption(DEFAULT_CDN_TIMEOUT_MS, 'give up on the check and its download after this long'))
    .addHelpText(
      'after',
      `${examples(
        'loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0',
        'loc cdn check -e PRODUCTION -t NATIVE_FORMAT --client-version 2.4.0 --download Strings',
        'loc cdn check -e PRODUCTION -t MOBILE_SDK_IOS --cdn-base-url https://cdn-proxy.example.com --cdn-check-path /v1/distributions/check',
      )}
What --download writes: for NATIVE_FORMAT the project's own files, which a build compiles in; for
MOBILE_SDK_IOS and MOBILE_SDK_ANDROID the official SDKs' bundles (<lang>.lproj/, JSON files), which
those SDKs download themselves while the app runs.
In a build script (docs/recipes.md):
  loc cdn check -e PRODUCTION -t NATIVE_FORMAT --client-version "$VERSION" --download Strings; case $? in
    0) echo "new strings" ;; 20) echo "up to date" ;; 8|9) echo "warning: CDN unreachable" ;; *) exit 1 ;;
  esac`,
    );
export type CdnCheckOptions = ReturnType<ReturnType<typeof checkDeclaration>['opts']>;

/** `loc cdn check`. */
export function cdnCommand(actions: { check: Action<[CdnCheckOptions]> }) {
  return new Command('cdn')
    .description('distributions: ask the CDN for the newest release of the strings')
    .addHelpText(
      'after',
      examples('loc cdn check --environment PRODUCTION --type MOBILE_SDK_IOS --client-version 2.4.0'),
    )
    .addCommand(checkDeclaration().action(actions.check));
}
