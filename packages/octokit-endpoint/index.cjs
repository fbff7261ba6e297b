"use strict";
module.exports = require("fluent-endpoint/octokit");
