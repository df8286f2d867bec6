"""A download routine tested against loc-mock from Python: standard library only (unittest, urllib).

It starts `loc-mock serve`, checks the CDN for the newest strings bundle, and injects faults through the
control API (/__admin/): a truncated bundle, a wrong SHA-256, a bundle that escapes its folder. It checks
what the routine does with each (no file left behind), then asks the journal what was sent.

    python3 -m unittest examples/download_faults_test.py

LOC_MOCK is the command that runs loc-mock (default: npx -p @loc/mock-server loc-mock).
"""

import hashlib
import json
import os
import shlex
import shutil
import subprocess
import tempfile
import unittest
import urllib.error
import urllib.request
import zipfile

CDN_KEY = "lh-cdn_demo_acme"


class DownloadError(Exception):
    pass


def download_release(base, key, client_version, dest):
    """The routine under test: the newest release for an app version into `dest`, whole and checked, or
    nothing (DownloadError). Returns the release id, or None when nothing applies."""
    check = json.dumps(
        {
            "distributionEnvironment": "PRODUCTION",
            "distributionType": "MOBILE_SDK_IOS",
            "clientVersion": client_version,
        }
    ).encode()
    request = urllib.request.Request(
        base + "/cdn/check",
        data=check,
        method="POST",
        headers={"Authorization": "Bearer " + key, "Content-Type": "application/json"},
    )
    try:
        with urllib.request.urlopen(request, timeout=60) as response:
            if response.status == 204:
                return None
            answer = json.load(response)
    except (urllib.error.URLError, ValueError) as error:
        raise DownloadError("the CDN check failed: %s" % error) from error
    part = dest + ".part"
    try:
        digest = hashlib.sha256()
        with urllib.request.urlopen(answer["filesUrl"], timeout=60) as response, open(part, "wb") as out:
            while True:
                chunk = response.read(64 * 1024)
                if not chunk:
                    break
                digest.update(chunk)
                out.write(chunk)
        if digest.hexdigest() != answer["filesSha256"]:
            raise DownloadError("the bundle's SHA-256 is not the one the CDN named")
        with zipfile.ZipFile(part) as bundle:
            for name in bundle.namelist():
                if name.startswith("/") or ".." in name.split("/"):
                    raise DownloadError("the bundle has an entry outside its folder: " + name)
            if bundle.testzip() is not None:
                raise DownloadError("the bundle is damaged")
        os.replace(part, dest)
        return answer["distributionReleaseId"]
    except (OSError, zipfile.BadZipFile, ValueError) as error:
        raise DownloadError("the download failed: %s" % error) from error
    finally:
        if os.path.exists(part):
            os.remove(part)


class LocMock:
    """loc-mock serve on a free port, stopped on close; `admin` calls its control API."""

    def __init__(self):
        command = shlex.split(os.environ.get("LOC_MOCK", "npx -p @loc/mock-server loc-mock"))
        self.process = subprocess.Popen(
            # --exit-with-parent: `terminate()` stops npx, and loc-mock under it stops with it.
            command + ["serve", "--port", "0", "--quiet", "--json", "--exit-with-parent"],
            stdout=subprocess.PIPE,
            text=True,
        )
        self.banner = json.loads(self.process.stdout.readline())
        self.url = self.banner["url"]

    def admin(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        headers = {} if body is None else {"Content-Type": "application/json"}
        request = urllib.request.Request(self.url + "/__admin/" + path, data=data, method=method, headers=headers)
        with urllib.request.urlopen(request, timeout=60) as response:
            return json.load(response)

    def close(self):
        self.process.terminate()
        self.process.wait(timeout=60)
        self.process.stdout.close()


class DownloadTest(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.mock = LocMock()

    @classmethod
    def tearDownClass(cls):
        cls.mock.close()

    def setUp(self):
        self.mock.admin("POST", "reset")
        self.dir = tempfile.mkdtemp()
        self.dest = os.path.join(self.dir, "strings.zip")

    def tearDown(self):
        shutil.rmtree(self.dir)

    def assertNothingLeft(self):
        self.assertEqual(os.listdir(self.dir), [])

    def test_downloads_the_newest_release(self):
        self.assertEqual(download_release(self.mock.url, CDN_KEY, "2.0.0", self.dest), "rel_ios_2_1")
        self.assertTrue(zipfile.is_zipfile(self.dest))

    def test_a_truncated_bundle_leaves_nothing(self):
        self.mock.admin("POST", "faults", {"kind": "TRUNCATED_BODY", "path": "/_storage/releases/"})
        with self.assertRaises(DownloadError):
            download_release(self.mock.url, CDN_KEY, "2.0.0", self.dest)
        self.assertNothingLeft()
        # What was sent: one check with the key and the version, one bundle download the fault cut.
        verified = self.mock.admin(
            "POST",
            "requests/verify",
            {
                "method": "POST",
                "path": "/cdn/check",
                "headers": {"Authorization": "Bearer " + CDN_KEY},
                "body": {"includesJson": {"clientVersion": "2.0.0"}},
            },
        )
        self.assertEqual(verified["count"], 1)
        cut = self.mock.admin("POST", "requests/verify", {"method": "GET", "fault": "TRUNCATED_BODY"})
        self.assertEqual(cut["count"], 1)
        self.assertTrue(cut["requests"][0]["path"].startswith("/_storage/releases/"))
        # A near miss names what differs.
        missed = self.mock.admin("POST", "requests/verify", {"method": "POST", "path": "/cdn/checks"})
        self.assertEqual(missed["count"], 0)
        self.assertEqual(missed["nearMisses"][0]["differences"], ["path"])
        # The journal shows the key as a fingerprint only.
        journal = json.dumps(self.mock.admin("GET", "requests"))
        self.assertNotIn(CDN_KEY, journal)
        self.assertIn("cdn-key:sha256:" + hashlib.sha256(CDN_KEY.encode()).hexdigest()[:12], journal)

    def test_a_wrong_checksum_leaves_nothing(self):
        self.mock.admin("POST", "faults", {"kind": "WRONG_SHA256"})
        with self.assertRaisesRegex(DownloadError, "SHA-256"):
            download_release(self.mock.url, CDN_KEY, "2.0.0", self.dest)
        self.assertNothingLeft()

    def test_an_escaping_bundle_is_refused(self):
        # The CDN names the checksum of the bundle as served: the routine's path check must catch it.
        self.mock.admin("POST", "faults", {"kind": "ZIP_ENTRY_PARENT_PATH", "release": "rel_ios_2_1"})
        with self.assertRaisesRegex(DownloadError, "outside its folder"):
            download_release(self.mock.url, CDN_KEY, "2.0.0", self.dest)
        self.assertNothingLeft()
        self.assertFalse(os.path.exists(os.path.join(self.dir, "..", "..", "loc-mock-escaped.txt")))

    def test_a_bad_seed_is_refused_and_leaves_the_old_state(self):
        before = self.mock.admin("GET", "state")["projects"]
        with self.assertRaises(urllib.error.HTTPError) as refused:
            self.mock.admin("POST", "seed", {"workspaces": [{"slug": "Bad Slug", "name": "x"}], "users": [], "projects": []})
        self.assertEqual(refused.exception.code, 400)
        problem = json.load(refused.exception)
        refused.exception.close()
        self.assertEqual([e["field"] for e in problem["errors"]], ["$.workspaces[0].slug"])
        self.assertEqual(self.mock.admin("GET", "state")["projects"], before)


if __name__ == "__main__":
    unittest.main()
