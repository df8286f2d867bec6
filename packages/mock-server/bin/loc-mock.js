#!/usr/bin/env node
// The `loc-mock` command. It lives outside dist/ so that the file `bin` names exists in a fresh clone:
// pnpm links the bins of workspace packages at install, before the first build (it warned "Failed to
// create bin" for each dependent package). The program is the build's dist/bin.js.
import '../dist/bin.js';
