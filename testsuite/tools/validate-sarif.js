#!/usr/bin/env node
// Validate SARIF files against the SARIF 2.1.0 JSON schema (draft-04), as shipped by
// @microsoft/jest-sarif (lib/schemas/sarif-2.1.0-rtm.5.json, the schemastore copy of the
// OASIS 2.1.0 schema). Prints "valid: FILE" or the schema errors; exit 0 only if all are valid.
// Usage: node validate-sarif.js FILE.sarif...
'use strict';
const fs = require('fs');
const path = require('path');
const Ajv = require('ajv-draft-04');
const addFormats = require('ajv-formats');

const schemaPath = path.join(__dirname, 'node_modules', '@microsoft', 'jest-sarif', 'lib',
	'schemas', 'sarif-2.1.0-rtm.5.json');
const schema = JSON.parse(fs.readFileSync(schemaPath, 'utf8'));
// unicodeRegExp: false - the schema's language pattern '^[a-zA-Z]{2}|^[a-zA-Z]{2}-[a-zA-Z]{2}]?$'
// has a stray ']' that JavaScript's unicode-mode regular expressions reject.
const ajv = new Ajv({ allErrors: true, strict: false, unicodeRegExp: false });
addFormats(ajv);
const validate = ajv.compile(schema);
let ok = true;
for (const file of process.argv.slice(2)) {
	let doc;
	try {
		doc = JSON.parse(fs.readFileSync(file, 'utf8'));
	} catch (e) {
		console.log(`invalid: ${file}: ${e.message}`);
		ok = false;
		continue;
	}
	if (validate(doc)) {
		console.log(`valid: ${file}`);
	} else {
		ok = false;
		console.log(`invalid: ${file}`);
		for (const err of validate.errors)
			console.log(`  ${err.instancePath || '/'} ${err.message} ${JSON.stringify(err.params)}`);
	}
}
process.exit(ok ? 0 : 1);
