# bash completion for idxscope-cli: its commands, each command's options (read from the command's own --help, so
# they never go out of date), the values of the options that take names, and files.
_idxscope_cli()
{
    local cur prev words cword split
    _init_completion -s || return
    local cli=${words[0]}
    if ((cword == 1)) || [[ ${words[1]} == help && $cword -eq 2 ]]; then
        local commands
        commands=$(LC_ALL=C LANGUAGE= "$cli" --help 2>/dev/null | sed -n '/^Commands:/,/^$/s/^  \([a-z][a-z0-9-]*\) .*/\1/p')
        COMPREPLY=($(compgen -W "$commands help --help --version" -- "$cur"))
        return
    fi
    local command=${words[1]}
    [[ $command == help ]] && command=${words[2]:-}
    case $prev in
        --type)
            COMPREPLY=($(compgen -W "uint8 int8 int16 int32 float32 float64 uint16 uint32 int64 uint64 float16 bool" \
                -- "$cur"))
            return ;;
        --byte-order)
            COMPREPLY=($(compgen -W "big little" -- "$cur"))
            return ;;
        --colormap)
            COMPREPLY=($(compgen -W "gray viridis magma diverging" -- "$cur"))
            return ;;
        --records | --seed | --epochs | --neighbours | --components | --size | --top | --grid | --gap | --scale | \
            --window | --bins | --axes)
            return ;; # a number or a range: nothing to offer
        --out)
            if [[ $command == export || $command == sprite ]] && [[ " ${words[*]} " != *" --grid "* ]]; then
                _filedir -d
            else
                _filedir
            fi
            return ;;
    esac
    $split && return # --option=VALUE with an option not listed above: nothing to offer
    if [[ $cur == -* ]]; then
        local options
        options=$(LC_ALL=C LANGUAGE= "$cli" "$command" --help 2>/dev/null | grep -oE -- '--[a-z][a-z0-9-]*' | sort -u)
        COMPREPLY=($(compgen -W "$options" -- "$cur"))
        return
    fi
    _filedir
}
complete -F _idxscope_cli idxscope-cli
