wrk.method = "POST"
wrk.body = '{"name":"world"}'
wrk.headers["Content-Type"] = "application/json"
