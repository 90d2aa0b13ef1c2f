/**
 * The JSON bodies of the benchmark calls over HTTP ({@code POST /hello}, {@code /echo}, {@code
 * /put}, {@code /items}), shared by the Spring server, the OpenFeign client and the plain HTTP/1.1
 * + JSON client (protocols/http-json).
 */
package io.rpcxbench.server.openfeign.json;
