"""The independent diff of two export ZIPs, for export-summary-zips.test.ts: per locale, the keys added,
changed and removed between the files of `before.zip` and `after.zip`, read with Python's standard library
(json, xml.etree, plistlib, a few lines for .properties, .po and .strings) and Ruby's Psych for YAML -- none
of loc's readers. A key is (the file's path without its locale, the key in the file); a key's plural forms
are its value, so a changed form changes the key.

Usage: python3 zip_diff.py before.zip after.zip '["en","de","pt-BR"]'  ->  {"de": {"added": 1, ...}, ...}
"""

import json
import plistlib
import re
import subprocess
import sys
import xml.etree.ElementTree as ET
import zipfile

PLURALS = ("zero", "one", "two", "few", "many", "other")


def canonical(value):
    return value if isinstance(value, str) else json.dumps(value, sort_keys=True, ensure_ascii=False)


def flatten(value, prefix, into):
    is_forms = isinstance(value, dict) and "other" in value and all(k in PLURALS for k in value)
    if isinstance(value, dict) and not is_forms:
        for key, child in value.items():
            flatten(child, f"{prefix}.{key}" if prefix else str(key), into)
    elif prefix:
        into[prefix] = canonical("" if value is None else value)
    return into


def join_suffixed(entries):
    """i18next: `items_one` and `items_other` are the key `items` with its forms."""
    joined, forms = {}, {}
    for key, value in entries.items():
        m = re.fullmatch(r"(.+)_(zero|one|two|few|many|other)", key)
        if m and f"{m.group(1)}_other" in entries:
            forms.setdefault(m.group(1), {})[m.group(2)] = value
        else:
            joined[key] = value
    for base, value in forms.items():
        joined[base] = canonical(value)
    return joined


def read_json(text, locale):
    return join_suffixed(flatten(json.loads(text), "", {}))


def yaml_documents(texts):
    """YAML texts read by Ruby's Psych, all in one ruby process."""
    ruby = "require 'yaml'; require 'json'; print JSON.generate(JSON.parse($stdin.read).map { |t| YAML.safe_load(t) })"
    run = subprocess.run(["ruby", "-e", ruby], input=json.dumps(texts), capture_output=True, text=True, check=True)
    return json.loads(run.stdout)


def read_yaml(data, locale):
    # Rails' files: one root key, the locale.
    if isinstance(data, dict) and len(data) == 1 and isinstance(next(iter(data.values())), dict):
        root = next(iter(data))
        if re.fullmatch(r"[a-z]{2,3}([-_][A-Za-z0-9]{2,8})*", root):
            data = data[root]
    return join_suffixed(flatten(data, "", {}))


def unescape_properties(text):
    escapes = {"t": "\t", "n": "\n", "r": "\r", "f": "\f"}
    return re.sub(
        r"\\(u[0-9a-fA-F]{4}|.)",
        lambda m: chr(int(m.group(1)[1:], 16)) if len(m.group(1)) == 5 else escapes.get(m.group(1), m.group(1)),
        text,
    )


def read_properties(text, locale):
    entries, logical = {}, ""
    for line in text.splitlines():
        line = line.lstrip() if not logical else line.lstrip()
        if not logical and (not line or line[0] in "#!"):
            continue
        # An odd number of backslashes at the end continues the line.
        if (len(line) - len(line.rstrip("\\"))) % 2 == 1:
            logical += line[:-1]
            continue
        logical += line
        m = re.match(r"((?:[^\\=:\s]|\\.)*)\s*[=:\s]?\s*(.*)", logical, re.S)
        entries[unescape_properties(m.group(1))] = unescape_properties(m.group(2))
        logical = ""
    return entries


C_ESCAPES = {"n": "\n", "r": "\r", "t": "\t", '"': '"', "\\": "\\", "'": "'", "0": "\0"}


def unescape_c(text):
    return re.sub(
        r"\\([Uu][0-9a-fA-F]{4}|.)",
        lambda m: chr(int(m.group(1)[1:], 16)) if len(m.group(1)) == 5 else C_ESCAPES.get(m.group(1), m.group(1)),
        text,
        flags=re.S,
    )


def read_po(text, locale):
    """msgctxt (else msgid) -> msgstr, or all msgstr[n] forms; the header (empty msgid) left out."""
    entries, entry, field = {}, {}, None

    def flush():
        if entry.get("msgid") or entry.get("msgctxt"):
            forms = [v for k, v in sorted(entry.items()) if k.startswith("msgstr")]
            key = entry.get("msgctxt") or entry.get("msgid")
            entries[key] = forms[0] if len(forms) == 1 else canonical(forms)

    for line in text.splitlines() + [""]:
        line = line.strip()
        if not line:
            flush()
            entry, field = {}, None
            continue
        if line.startswith("#"):
            continue
        m = re.match(r'(msgctxt|msgid_plural|msgid|msgstr(?:\[\d+\])?)\s+"(.*)"$', line)
        if m:
            field = m.group(1)
            entry[field] = unescape_c(m.group(2))
        elif line.startswith('"') and field:
            entry[field] += unescape_c(line[1:-1])
    return entries


def read_strings(text, locale):
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    string = r'"((?:[^"\\]|\\.)*)"'
    return {
        unescape_c(k): unescape_c(v)
        for k, v in re.findall(rf"{string}\s*=\s*{string}\s*;", text, flags=re.S)
    }


def read_stringsdict(text, locale):
    return {key: canonical(value) for key, value in plistlib.loads(text.encode("utf-8")).items()}


def inner_xml(element):
    """The element's content as written (text and markup), without the element itself."""
    parts = [element.text or ""]
    for child in element:
        parts.append(ET.tostring(child, encoding="unicode"))
    return "".join(parts)


def read_android(text, locale):
    root = ET.fromstring(text)
    entries = {}
    for node in root:
        name = node.get("name")
        if node.tag == "string":
            entries[name] = inner_xml(node)
        elif node.tag == "plurals":
            entries[name] = canonical({item.get("quantity"): inner_xml(item) for item in node})
        elif node.tag == "string-array":
            entries[name] = canonical([inner_xml(item) for item in node])
    return entries


def read_xliff(text, locale):
    entries = {}
    for unit in ET.fromstring(text).iter():
        if unit.tag.endswith("}trans-unit") or unit.tag == "trans-unit":
            target = next((c for c in unit if c.tag.endswith("target")), None)
            source = next((c for c in unit if c.tag.endswith("source")), None)
            entries[unit.get("id")] = inner_xml(target if target is not None else source)
    return entries


READERS = {
    "json": read_json,
    "yml": read_yaml,
    "yaml": read_yaml,
    "properties": read_properties,
    "po": read_po,
    "strings": read_strings,
    "stringsdict": read_stringsdict,
    "xml": read_android,
    "xlf": read_xliff,
}


def locale_of(path, locales, source):
    """The locale a path is for, in the forms exports name it (de, pt-BR, pt_BR, de.lproj, values-pt-rBR),
    and the path with it replaced by {locale}: the same file in every locale."""
    for locale in sorted(locales, key=len, reverse=True):
        language, _, region = locale.partition("-")
        for form in (f"values-{language}" + (f"-r{region}" if region else ""), locale, locale.replace("-", "_")):
            m = re.search(rf"(^|[/_.-]){re.escape(form)}($|[/_.])", path)
            if m:
                return locale, path[: m.start() + len(m.group(1))] + "{locale}" + path[m.end() - len(m.group(2)) :]
    # Android's values/ (no qualifier) holds the source locale.
    return source, path


def strings_of(archive, locales, source):
    by_locale = {}
    with zipfile.ZipFile(archive) as z:
        names = [n for n in z.namelist() if not n.endswith("/")]
        texts = {n: z.read(n).decode("utf-8-sig") for n in names}
    yaml_names = [n for n in names if n.rsplit(".", 1)[-1].lower() in ("yml", "yaml")]
    contents = dict(zip(yaml_names, yaml_documents([texts[n] for n in yaml_names]))) if yaml_names else {}
    for name in names:
        reader = READERS.get(name.rsplit(".", 1)[-1].lower())
        if reader is None:
            raise SystemExit(f"no reader for {name}")
        locale, file = locale_of(name, locales, source)
        for key, value in reader(contents.get(name, texts[name]), locale).items():
            by_locale.setdefault(locale, {})[(file, key)] = value
    return by_locale


def main():
    before_zip, after_zip, locales_json = sys.argv[1:4]
    locales = json.loads(locales_json)
    source = locales[0]
    before, after = strings_of(before_zip, locales, source), strings_of(after_zip, locales, source)
    counts = {}
    for locale in sorted(set(before) | set(after)):
        a, b = before.get(locale, {}), after.get(locale, {})
        c = {
            "added": sum(1 for k in b if k not in a),
            "changed": sum(1 for k in b if k in a and a[k] != b[k]),
            "removed": sum(1 for k in a if k not in b),
        }
        if c["added"] + c["changed"] + c["removed"]:
            counts[locale] = c
    print(json.dumps(counts, sort_keys=True))


main()
