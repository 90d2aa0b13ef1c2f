#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noshell
%%
%% A BERT-RPC client in plain Erlang (erlang-base only) that checks a server of the module bench:
%% the four calls, a cast, info, and the error replies (a missing argument, no such function, no
%% such module, not a request), all on one connection, which must stay usable throughout.
%%
%%   escript bench_client.escript --port PORT
%%
%% Prints one line per check; exit 0 when all pass, 1 at the first that does not.
-mode(compile).

main(["--port", Port]) ->
    {ok, Socket} = gen_tcp:connect({127, 0, 0, 1}, list_to_integer(Port),
                                   [binary, {packet, 4}, {active, false}, {nodelay, true}], 5000),
    Big = crypto_free_bytes(1048576),
    Key = binary:copy(<<"k">>, 64),
    Value = binary:copy(<<7>>, 512),
    Checks =
        [{"hello", {call, bench, hello, [<<"erlang">>]}, {reply, <<"hello, erlang">>}},
         {"hello utf-8", {call, bench, hello, [<<"grüße, 世界"/utf8>>]},
          {reply, <<"hello, grüße, 世界"/utf8>>}},
         {"echo 0 B", {call, bench, echo, [<<>>]}, {reply, <<>>}},
         {"echo 1 MiB", {call, bench, echo, [Big]}, {reply, Big}},
         {"put", {call, bench, put, [Key, Value]}, {reply, true}},
         {"items 0", {call, bench, items, [0]}, {reply, []}},
         {"items 3 (args as a string)", {call, bench, items, [3]}, {reply, items(3)}},
         {"items 300", {call, bench, items, [300]}, {reply, items(300)}},
         {"cast", {cast, bench, put, [Key, Value]}, {noreply}},
         {"missing name", {call, bench, hello, [{bert, nil}]},
          fun({error, {user, _, <<"InvalidArgumentException">>, <<"hello: name is required">>, _}}) -> true;
             (_) -> false end},
         {"items out of range", {call, bench, items, [10001]},
          fun({error, {user, _, <<"InvalidArgumentException">>, _, _}}) -> true; (_) -> false end},
         %% undefined: an atom every node has, which binary_to_term(_, [safe]) accepts
         {"no such function", {call, bench, undefined, [1]},
          fun({error, {server, 2, _, _, _}}) -> true; (_) -> false end},
         %% an Erlang server cannot even decode an atom it lacks: a protocol error is as good
         {"no such function, unknown atom", {call, bench, no_such_function_4711, []},
          fun({error, {server, 2, _, _, _}}) -> true;
             ({error, {protocol, 2, _, _, _}}) -> true;
             (_) -> false end},
         {"wrong arity", {call, bench, hello, []},
          fun({error, {server, 2, _, _, _}}) -> true; (_) -> false end},
         {"no such module", {call, undefined, hello, [<<"x">>]},
          fun({error, {server, 1, _, _, _}}) -> true; (_) -> false end},
         {"not a request", {hello},
          fun({error, {protocol, _, _, _, _}}) -> true; (_) -> false end},
         {"still usable", {call, bench, hello, [<<"again">>]}, {reply, <<"hello, again">>}}],
    lists:foreach(fun(Check) -> check(Socket, Check) end, Checks),
    %% info gets no answer: the next call's reply is the next frame
    ok = gen_tcp:send(Socket, term_to_binary({info, callback, []})),
    check(Socket, {"after info", {call, bench, hello, [<<"info">>]}, {reply, <<"hello, info">>}}),
    io:format("bert escript client: ~b checks passed~n", [length(Checks) + 1]),
    halt(0);
main(_) ->
    io:format(standard_error, "usage: bench_client.escript --port PORT~n", []),
    halt(2).

check(Socket, {Name, Request, Expected}) ->
    ok = gen_tcp:send(Socket, term_to_binary(Request)),
    Reply = case gen_tcp:recv(Socket, 0, 10000) of
                {ok, Frame} -> binary_to_term(Frame, [safe]);
                Failed -> Failed
            end,
    Passed = if is_function(Expected) -> Expected(Reply); true -> Reply =:= Expected end,
    case Passed of
        true -> io:format("ok ~s~n", [Name]);
        false ->
            io:format("FAILED ~s: got ~P~n", [Name, Reply, 12]),
            halt(1)
    end.

items(N) ->
    [{item, I, format("item-~b", [I]), I * 1.25, I rem 2 =:= 0,
      [format("red-~b", [I]), format("green-~b", [I]), format("blue-~b", [I])]}
     || I <- lists:seq(0, N - 1)].

format(Format, Args) -> iolist_to_binary(io_lib:format(Format, Args)).

%% Bytes that differ from each other, without the crypto application (not in erlang-base).
crypto_free_bytes(N) -> << <<(I * 31 rem 251)>> || I <- lists:seq(1, N) >>.
