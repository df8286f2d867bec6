// What the transport loads with its first request (request.ts): ofetch alone. Were it ofetch's entry,
// the lazily loaded chunk would export all eight of the entry's names, and an app's bundler keeps every
// export of a chunk it loads with import() (~50 bytes of a browser bundle, gzipped).
export { ofetch } from 'ofetch';
