"""loc-mock's control API from Python alone (standard library: unittest, urllib, socket, zipfile).

Every fault kind as a client sees it, the clock, loading a seed and resetting to it or to nothing; the
journal shows credentials only as fingerprints. (download_faults_test.py has verify with a near miss and
a bad seed that leaves the old state.)

    python3 -m unittest examples/mock_control_test.py

LOC_MOCK is the command that runs loc-mock (default: npx -p @loc/mock-server loc-mock).
"""

import hashlib
import io
import json
import os
import socket
import sys
import unittest
import urllib.error
import urllib.parse
import urllib.request
import zipfile

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
from download_faults_test import LocMock  # noqa: E402 (beside this file)

CDN_KEY = "lh-cdn_demo_acme"
API_TOKEN = "loc_test_admin"
CHECK = {"distributionEnvironment": "PRODUCTION", "distributionType": "MOBILE_SDK_IOS", "clientVersion": "2.0.0"}


def call(base, method, path, token=None, body=None):
    """One request: (status, body bytes); an error status is an answer too."""
    headers = {"Content-Type": "application/json"} if body is not None else {}
    if token:
        headers["Authorization"] = "Bearer " + token
    data = None if body is None else json.dumps(body).encode()
    request = urllib.request.Request(base + path, data=data, method=method, headers=headers)
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            return response.status, response.read()
    except urllib.error.HTTPError as error:
        with error:
            return error.code, error.read()


def raw_get(url, body_bytes=None):
    """GET over a socket, read as the kernel gives it: (head, body, how the connection ended: "end",
    "reset", or "open" when `body_bytes` were read and nothing more is waiting)."""
    parts = urllib.parse.urlsplit(url)
    with socket.create_connection((parts.hostname, parts.port), timeout=60) as s:
        target = parts.path + ("?" + parts.query if parts.query else "")
        s.sendall(("GET %s HTTP/1.1\r\nHost: %s\r\nConnection: close\r\n\r\n" % (target, parts.netloc)).encode())
        data, how = b"", "end"
        try:
            while True:
                if body_bytes is not None and b"\r\n\r\n" in data:
                    if len(data.partition(b"\r\n\r\n")[2]) >= body_bytes:
                        # Nothing more sent, and not closed: a read that does not wait finds nothing.
                        s.setblocking(False)
                        try:
                            how = "more" if s.recv(1) else "end"
                        except BlockingIOError:
                            how = "open"
                        break
                chunk = s.recv(65536)
                if not chunk:
                    break
                data += chunk
        except ConnectionResetError:
            how = "reset"
    head, _, body = data.partition(b"\r\n\r\n")
    return head.decode("latin-1"), body, how


def content_length(head):
    for line in head.split("\r\n")[1:]:
        name, _, value = line.partition(":")
        if name.strip().lower() == "content-length":
            return int(value)
    return None


def fingerprint(kind, secret):
    return "%s:sha256:%s" % (kind, hashlib.sha256(secret.encode()).hexdigest()[:12])


class ControlTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mock = LocMock()
        cls.base = cls.mock.url

    @classmethod
    def tearDownClass(cls):
        cls.mock.close()

    def setUp(self):
        self.mock.admin("POST", "reset")

    def check(self):
        status, body = call(self.base, "POST", "/cdn/check", CDN_KEY, CHECK)
        self.assertEqual(status, 200, body)
        return json.loads(body)

    def fault(self, spec):
        return self.mock.admin("POST", "faults", spec)

    def last_request(self):
        return self.mock.admin("GET", "requests?limit=1")["requests"][0]

    def test_status_empty_response_latency_and_malformed_json_on_a_check(self):
        self.fault({"kind": "STATUS", "status": 503, "path": "/cdn/check"})
        status, body = call(self.base, "POST", "/cdn/check", CDN_KEY, CHECK)
        self.assertEqual(status, 503)
        self.assertEqual(json.loads(body)["status"], 503)

        self.fault({"kind": "EMPTY_RESPONSE", "path": "/cdn/check"})
        with self.assertRaises((urllib.error.URLError, ConnectionError)):
            call(self.base, "POST", "/cdn/check", CDN_KEY, CHECK)
        self.assertEqual(self.last_request()["fault"], "EMPTY_RESPONSE")

        self.fault({"kind": "LATENCY", "ms": 1, "path": "/cdn/check"})
        self.check()
        self.assertEqual(self.last_request()["fault"], "LATENCY")

        self.fault({"kind": "MALFORMED_JSON", "path": "/cdn/check"})
        status, body = call(self.base, "POST", "/cdn/check", CDN_KEY, CHECK)
        self.assertEqual(status, 200)
        with self.assertRaises(ValueError):
            json.loads(body)
        self.assertEqual(self.last_request()["fault"], "MALFORMED_JSON")

    def test_wire_faults_on_a_bundle_download(self):
        url = self.check()["filesUrl"]
        _, whole, _ = raw_get(url)

        self.fault({"kind": "TRUNCATED_BODY", "bytes": 100, "path": "/_storage/releases/"})
        head, body, how = raw_get(url)
        self.assertEqual((how, len(body), content_length(head)), ("end", 100, len(whole)))

        self.fault({"kind": "CONNECTION_RESET_BY_PEER", "bytes": 100, "path": "/_storage/releases/"})
        head, body, how = raw_get(url)
        self.assertEqual(how, "reset")
        self.assertLessEqual(len(body), 100)
        self.assertEqual(content_length(head), len(whole))

        self.fault({"kind": "STALL_AFTER_BYTES", "bytes": 64, "path": "/_storage/releases/"})
        head, body, how = raw_get(url, body_bytes=64)
        self.assertEqual((how, len(body), content_length(head)), ("open", 64, len(whole)))

        self.fault({"kind": "SLOW_BODY", "bytesPerSecond": len(whole) * 5, "path": "/_storage/releases/"})
        head, body, how = raw_get(url)
        self.assertEqual(body, whole)

        faults = [r["fault"] for r in self.mock.admin("GET", "requests")["requests"] if r["fault"]]
        self.assertEqual(faults, ["TRUNCATED_BODY", "CONNECTION_RESET_BY_PEER", "STALL_AFTER_BYTES", "SLOW_BODY"])

    def test_zip_faults_and_a_wrong_checksum(self):
        def bundle():
            answer = self.check()
            _, body, _ = raw_get(answer["filesUrl"])
            return answer, body

        answer, body = bundle()
        self.assertEqual(answer["filesSha256"], hashlib.sha256(body).hexdigest())
        self.assertIsNone(zipfile.ZipFile(io.BytesIO(body)).testzip())

        self.fault({"kind": "CORRUPT_ZIP_CRC", "release": "rel_ios_2_1"})
        _, body = bundle()
        z = zipfile.ZipFile(io.BytesIO(body))
        self.assertEqual(z.testzip(), z.namelist()[0])

        self.fault({"kind": "CORRUPT_ZIP_CENTRAL_DIRECTORY", "release": "rel_ios_2_1"})
        _, body = bundle()
        with self.assertRaises(zipfile.BadZipFile):
            zipfile.ZipFile(io.BytesIO(body))

        for kind, name in [
            ("ZIP_ENTRY_PARENT_PATH", "../../loc-mock-escaped.txt"),
            ("ZIP_ENTRY_ABSOLUTE_PATH", "/tmp/loc-mock-escaped.txt"),
            ("ZIP_ENTRY_SYMLINK", "loc-mock-link"),
        ]:
            with self.subTest(kind):
                self.fault({"kind": kind, "release": "rel_ios_2_1"})
                answer, body = bundle()
                # The check names the checksum of the bundle as served: only a ZIP reader catches it.
                self.assertEqual(answer["filesSha256"], hashlib.sha256(body).hexdigest())
                entry = zipfile.ZipFile(io.BytesIO(body)).getinfo(name)
                if kind == "ZIP_ENTRY_SYMLINK":
                    self.assertEqual((entry.external_attr >> 16) & 0o170000, 0o120000)

        self.fault({"kind": "WRONG_SHA256"})
        answer, body = bundle()
        self.assertNotEqual(answer["filesSha256"], hashlib.sha256(body).hexdigest())

    def test_an_export_error_and_the_clock(self):
        self.fault({"kind": "EXPORT_ERROR", "message": "disk full"})
        status, body = call(self.base, "POST", "/v1/acme/projects/backend/exports", API_TOKEN, {})
        self.assertLess(status, 300, body)
        job = json.loads(body)["id"]
        # The export finishes when the mock's clock passes its delay: moved, not waited for.
        before = self.mock.admin("GET", "clock")["epochMs"]
        moved = self.mock.admin("POST", "clock", {"advanceMs": 60000})["epochMs"]
        self.assertGreaterEqual(moved, before + 60000)
        status, body = call(self.base, "GET", "/v1/acme/projects/backend/exports/" + job, API_TOKEN)
        self.assertEqual((status, json.loads(body)["status"], json.loads(body)["errorDetails"]), (200, "ERROR", "disk full"))
        # The journal has the token as a fingerprint only.
        journal = json.dumps(self.mock.admin("GET", "requests"))
        self.assertNotIn(API_TOKEN, journal)
        self.assertIn("Bearer " + fingerprint("api-token", API_TOKEN), journal)

    def test_the_clock_expires_a_files_url_and_refuses_a_time_before_the_epoch(self):
        url = self.check()["filesUrl"]
        self.assertEqual(raw_get(url)[0].split(" ")[1], "200")
        self.mock.admin("POST", "clock", {"advanceMs": 25 * 3600 * 1000})
        self.assertEqual(raw_get(url)[0].split(" ")[1], "403")
        now = self.mock.admin("GET", "clock")["epochMs"]
        status, body = call(self.base + "/__admin", "POST", "/clock", None, {"set": "1969-12-31T00:00:00Z"})
        self.assertEqual(status, 400)
        self.assertEqual([e["field"] for e in json.loads(body)["errors"]], ["$.set"])
        self.assertGreaterEqual(self.mock.admin("GET", "clock")["epochMs"], now)
        self.assertTrue(self.mock.admin("POST", "clock", {"set": "2030-01-01T00:00:00Z"})["now"].startswith("2030-01-01T"))


class SeedTest(unittest.TestCase):
    """Its own loc-mock: it leaves another seed behind."""

    SEED = {
        "workspaces": [{"slug": "solo", "name": "Solo"}],
        "users": [{"email": "me@solo.test", "tokens": ["loc_test_solo"], "workspaceRoles": {"solo": "admin"}}],
        "projects": [
            {
                "workspace": "solo",
                "slug": "app",
                "title": "App",
                "owner": "me@solo.test",
                "resourceType": "json.standard",
                "sourceLocale": "en",
                "targetLocales": ["de"],
            }
        ],
    }

    def test_a_seed_is_loaded_reset_returns_to_it_and_reset_empties(self):
        mock = LocMock()
        try:
            self.assertEqual(mock.admin("POST", "seed", self.SEED), {"ok": True, "projects": 1})
            status, body = call(mock.url, "GET", "/v1/projects", "loc_test_solo")
            self.assertEqual((status, [p["title"] for p in json.loads(body)["members"]]), (200, ["App"]))
            extra = {"title": "Extra", "resourceType": "json.standard", "sourceLanguageCode": "en"}
            self.assertLess(call(mock.url, "POST", "/v1/solo/projects", "loc_test_solo", extra)[0], 300)
            self.assertEqual(len(mock.admin("GET", "state")["projects"]), 2)
            mock.admin("POST", "reset")
            self.assertEqual([(p["workspace"], p["slug"]) for p in mock.admin("GET", "state")["projects"]], [("solo", "app")])
            mock.admin("POST", "reset", {"to": "empty"})
            self.assertEqual(mock.admin("GET", "state")["projects"], [])
            self.assertEqual(call(mock.url, "GET", "/v1/projects", "loc_test_solo")[0], 401)
        finally:
            mock.close()


if __name__ == "__main__":
    unittest.main()


class ControlsForTestsTest(unittest.TestCase):
    """Publishing a release, resetting to the demo seed and the clock, strict input, and a server that
    does not outlive the `npx` that started it."""

    @classmethod
    def setUpClass(cls):
        cls.mock = LocMock()

    @classmethod
    def tearDownClass(cls):
        cls.mock.close()

    def post(self, path, body):
        return call(self.mock.url, "POST", "/__admin/" + path, None, body)

    def test_a_published_release_is_what_the_next_check_gets_and_reset_takes_it_back(self):
        self.mock.admin("POST", "reset", {"to": "demo", "clock": "reset"})
        release = {"id": "rel_ios_2_2", "name": "iOS 2.2", "clientVersions": ">=2.0.0"}
        published = self.mock.admin(
            "POST", "releases", {"workspace": "acme", "environment": "PRODUCTION", "type": "MOBILE_SDK_IOS", "release": release}
        )
        self.assertEqual((published["created"], published["replaced"]), (False, False))
        status, body = call(self.mock.url, "POST", "/cdn/check", CDN_KEY, CHECK)
        self.assertEqual(json.loads(body)["distributionReleaseId"], "rel_ios_2_2")
        self.mock.admin("POST", "reset", {})
        status, body = call(self.mock.url, "POST", "/cdn/check", CDN_KEY, CHECK)
        self.assertEqual(json.loads(body)["distributionReleaseId"], "rel_ios_2_1")

    def test_reset_keeps_the_clock_unless_told(self):
        moved = self.mock.admin("POST", "clock", {"advanceMs": 86400000})["epochMs"]
        self.mock.admin("POST", "reset", {})
        self.assertGreaterEqual(self.mock.admin("GET", "clock")["epochMs"], moved)
        self.mock.admin("POST", "reset", {"clock": "reset"})
        self.assertLess(self.mock.admin("GET", "clock")["epochMs"], moved)

    def test_unknown_fields_conflicts_and_null_are_a_400_naming_the_field(self):
        for path, body, field in [
            ("faults", {"kind": "STATUS", "status": 503, "statuss": 1}, "$.statuss"),
            ("faults", {"kind": "STATUS", "status": 503, "path": "/v1", "pathPattern": "^/v1"}, "$.pathPattern"),
            ("reset", None, "$"),
        ]:
            data = json.dumps(body).encode()
            request = urllib.request.Request(
                self.mock.url + "/__admin/" + path, data=data, method="POST", headers={"Content-Type": "application/json"}
            )
            with self.assertRaises(urllib.error.HTTPError) as raised:
                urllib.request.urlopen(request, timeout=60)
            with raised.exception as error:
                self.assertEqual(error.code, 400)
                self.assertIn(field, [e["field"] for e in json.load(error)["errors"]])

    def test_a_body_sent_as_a_form_is_refused(self):
        # urllib sends a form content type unless told: the control API takes JSON only.
        request = urllib.request.Request(self.mock.url + "/__admin/reset", data=b"{}", method="POST")
        with self.assertRaises(urllib.error.HTTPError) as raised:
            urllib.request.urlopen(request, timeout=60)
        with raised.exception as error:
            self.assertEqual(error.code, 415)

    def test_terminate_leaves_no_server(self):
        other = LocMock()
        other.process.terminate()
        other.process.wait(timeout=60)
        # The server holds the pipe too: its end is the server's end (no sleep, no poll).
        other.process.stdout.read()
        other.process.stdout.close()
        with self.assertRaises((urllib.error.URLError, ConnectionError)):
            urllib.request.urlopen(other.url + "/__admin/state", timeout=10)
