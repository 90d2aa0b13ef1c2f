#!/usr/bin/env escript
%% -*- erlang -*-
%%! -noshell
%%
%% A BERT-RPC server for the module bench in plain Erlang (erlang-base only): the other end of
%% protocols/bert's interop check. BERP frames are {packet, 4}; requests are decoded with
%% binary_to_term(Frame, [safe]) (no new atoms), replies encoded with term_to_binary.
%%
%%   escript bench_server.escript [--port PORT]     (default 8093; 0: one the OS picks)
%%
%% Listens on 127.0.0.1, prints "bert listening on 127.0.0.1:PORT", and stops on SIGTERM or when
%% its stdin ends (so a test that dies does not leave it behind).
-mode(compile).

-define(MAX_PAYLOAD, 1048576).
-define(MAX_FRAME, (?MAX_PAYLOAD + 65536)).
-define(MAX_KEY, 1024).
-define(MAX_ITEMS, 10000).

main([]) -> serve(8093);
main(["--port", Port]) -> serve(list_to_integer(Port));
main(_) ->
    io:format(standard_error, "usage: bench_server.escript [--port PORT]~n", []),
    halt(2).

serve(Port) ->
    Options = [binary, {packet, 4}, {packet_size, ?MAX_FRAME}, {active, false},
               {reuseaddr, true}, {nodelay, true}, {backlog, 1024}, {ip, {127, 0, 0, 1}}],
    case gen_tcp:listen(Port, Options) of
        {ok, Listener} ->
            ets:new(bench_store, [public, named_table, set]),
            {ok, Bound} = inet:port(Listener),
            io:format("bert listening on 127.0.0.1:~b~n", [Bound]),
            spawn(fun stop_at_end_of_stdin/0),
            accept(Listener);
        {error, Reason} ->
            io:format(standard_error, "bert: cannot listen on 127.0.0.1:~b: ~p~n", [Port, Reason]),
            halt(1)
    end.

stop_at_end_of_stdin() ->
    case io:get_line("") of
        Line when is_list(Line) -> stop_at_end_of_stdin();
        _ -> halt(0)
    end.

accept(Listener) ->
    {ok, Socket} = gen_tcp:accept(Listener),
    Connection = spawn(fun() -> receive go -> converse(Socket) end end),
    ok = gen_tcp:controlling_process(Socket, Connection),
    Connection ! go,
    accept(Listener).

%% One connection: a reply per request, until the peer closes or sends an oversize frame.
converse(Socket) ->
    case gen_tcp:recv(Socket, 0) of
        {ok, Frame} ->
            case answer(Frame) of
                none -> ok;
                Reply -> gen_tcp:send(Socket, term_to_binary(Reply))
            end,
            converse(Socket);
        {error, emsgsize} ->
            gen_tcp:send(Socket, term_to_binary(failure(protocol, 1, <<"frame over the limit">>))),
            gen_tcp:close(Socket);
        {error, _} ->
            gen_tcp:close(Socket)
    end.

answer(Frame) ->
    try binary_to_term(Frame, [safe]) of
        {call, Module, Function, Args} when is_atom(Module), is_atom(Function), is_list(Args) ->
            call(Module, Function, Args);
        {cast, Module, Function, Args} when is_atom(Module), is_atom(Function), is_list(Args) ->
            _ = call(Module, Function, Args),
            {noreply};
        {info, _Command, _Options} ->
            none;
        _ ->
            failure(protocol, 0, <<"not a BERT-RPC request">>)
    catch
        error:badarg -> failure(protocol, 2, <<"not an external term, or an atom this node lacks">>)
    end.

call(bench, Function, Args) ->
    try
        {reply, bench(Function, Args)}
    catch
        throw:{invalid, Detail} -> {error, {user, 0, <<"InvalidArgumentException">>, Detail, []}};
        throw:no_such_function ->
            failure(server, 2, format("No such function 'bench:~s/~b'", [Function, length(Args)]))
    end;
call(Module, _Function, _Args) ->
    failure(server, 1, format("No such module '~s'", [Module])).

failure(Type, Code, Detail) ->
    Class = #{protocol => <<"ProtocolError">>, server => <<"ServerError">>},
    {error, {Type, Code, maps:get(Type, Class), Detail, []}}.

%% The module bench, with BenchLogic's checks and messages.
bench(hello, [Name]) -> <<"hello, ", (text(<<"hello: name">>, Name))/binary>>;
bench(echo, [Payload]) -> bytes(<<"echo: payload">>, Payload);
bench(put, [Key, Value]) ->
    K = text(<<"put: key">>, Key),
    byte_size(K) > ?MAX_KEY andalso invalid(format("put: key is longer than ~b bytes", [?MAX_KEY])),
    ets:insert(bench_store, {erlang:phash2(K, 4096), K, bytes(<<"put: value">>, Value)}),
    true;
bench(items, [N]) when is_integer(N), N >= 0, N =< ?MAX_ITEMS -> [item(I) || I <- lists:seq(0, N - 1)];
bench(items, [N]) when is_integer(N) ->
    invalid(format("items: n must be between 0 and ~b, got ~b", [?MAX_ITEMS, N]));
bench(items, [_]) -> invalid(<<"items: n must be an integer">>);
bench(_, _) -> throw(no_such_function).

text(What, {bert, nil}) -> invalid(<<What/binary, " is required">>);
text(_, Bin) when is_binary(Bin) -> Bin;
text(What, _) -> invalid(<<What/binary, " must be a binary">>).

bytes(What, Bin) when byte_size(Bin) > ?MAX_PAYLOAD ->
    invalid(format("~s is larger than ~b bytes", [What, ?MAX_PAYLOAD]));
bytes(What, Term) -> text(What, Term).

invalid(Detail) -> throw({invalid, Detail}).

item(I) ->
    {item, I, format("item-~b", [I]), I * 1.25, I rem 2 =:= 0,
     [format("red-~b", [I]), format("green-~b", [I]), format("blue-~b", [I])]}.

format(Format, Args) -> iolist_to_binary(io_lib:format(Format, Args)).
